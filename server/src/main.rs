//! `qiboard-server`: serves the tables of a directory over HTTP (see the
//! crate's README); `--help` lists the settings.

use clap::Parser;
use qiboard_server::{serve, Config};

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let config = Config::parse();
    let listener = match tokio::net::TcpListener::bind(config.listen).await {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!(
                "qiboard-server: cannot listen on {}: {error}",
                config.listen
            );
            return std::process::ExitCode::FAILURE;
        }
    };
    eprintln!(
        "qiboard-server: serving {} on http://{}",
        config.dir.display(),
        config.listen
    );
    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    match serve(listener, config, shutdown).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("qiboard-server: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}
