//! The web board's HTTP API (`chimera gui`); the browser test of its page
//! is `engine-tests/browser/run.sh`.

mod gui_api;
