//! The page's files, embedded in the binary at build time (no network).

/// A static file: path, content type, bytes.
pub struct Asset {
    pub path: &'static str,
    pub content_type: &'static str,
    pub body: &'static [u8],
}

pub const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        content_type: "text/html; charset=utf-8",
        body: include_bytes!("static/index.html"),
    },
    Asset {
        path: "/app.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("static/app.js"),
    },
    Asset {
        path: "/style.css",
        content_type: "text/css; charset=utf-8",
        body: include_bytes!("static/style.css"),
    },
    Asset {
        path: "/favicon.svg",
        content_type: "image/svg+xml",
        body: include_bytes!("static/favicon.svg"),
    },
];

/// The embedded file at `path` (`/index.html` is `/`).
pub fn find(path: &str) -> Option<&'static Asset> {
    let path = if path == "/index.html" { "/" } else { path };
    ASSETS.iter().find(|a| a.path == path)
}

/// The body of `asset`: the embedded bytes, or, when the environment
/// variable `CHIMERA_GUI_STATIC` names a folder (for working on the page
/// without rebuilding), that folder's copy of the file.
pub fn body(asset: &Asset) -> Vec<u8> {
    if let Some(dir) = std::env::var_os("CHIMERA_GUI_STATIC") {
        let name = if asset.path == "/" {
            "index.html"
        } else {
            asset.path.trim_start_matches('/')
        };
        if let Ok(bytes) = std::fs::read(std::path::Path::new(&dir).join(name)) {
            return bytes;
        }
    }
    asset.body.to_vec()
}
