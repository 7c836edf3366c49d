//! `chimera gui`: a local web board for every registered variant.
//!
//! A small HTTP server on 127.0.0.1 serves one embedded page and a JSON API
//! over the same library the UCI engine uses. The page never knows a rule:
//! it draws the board, legal turns and results that the server reports
//! (`docs/gui.md` describes the API and the design).

pub mod analysis;
pub mod api;
pub mod assets;
pub mod clock;
pub mod export;
pub mod game;
pub mod load;
pub mod notation;
pub mod search;
pub mod server;
pub mod tree;

pub use server::{start, RunningServer};

/// Options of `chimera gui`.
#[derive(clap::Args, Debug, Clone)]
pub struct GuiArgs {
    /// Port on 127.0.0.1 (0 picks a free port).
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// Do not try to open a web browser.
    #[arg(long)]
    pub no_browser: bool,
}

/// Serves the board until the process is stopped.
pub fn run(args: GuiArgs) -> anyhow::Result<()> {
    let server = start(args.port)?;
    println!("Chimera board: {}", server.url);
    println!("(Ctrl-C stops the server)");
    if !args.no_browser {
        open_browser(&server.url);
    }
    server.wait();
    Ok(())
}

/// Best effort: the URL is printed either way.
fn open_browser(url: &str) {
    use std::process::{Command, Stdio};
    let command = if cfg!(target_os = "macos") {
        Command::new("open").arg(url).spawn()
    } else if cfg!(target_os = "windows") {
        Command::new("cmd").args(["/C", "start", "", url]).spawn()
    } else {
        Command::new("xdg-open")
            .arg(url)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
    };
    if command.is_err() {
        eprintln!("Could not open a browser; open {url} yourself.");
    }
}
