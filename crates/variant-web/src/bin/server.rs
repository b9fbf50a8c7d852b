//! `variant-web-server`: the web server alone, with the flags of `variants serve`
//! (`--host`, `--port`, `--data`, `--sync normal|full`, `--first-move-seconds`,
//! `--open-game-expiry`). The server tests start it, stop it with
//! SIGTERM and kill it with SIGKILL; people run `variants serve` (docs/web.md).

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut opts = variant_web::Options {
        host: "127.0.0.1".into(),
        port: 8080,
        data: "variants.db".into(),
        flush: true,
        first_move: std::time::Duration::from_secs(30),
        open_game_expiry: variant_web::OPEN_GAME_EXPIRY,
    };
    let mut args = std::env::args_os().skip(1);
    while let Some(flag) = args.next() {
        let flag = flag.to_string_lossy().into_owned();
        let Some(value) = args.next() else {
            eprintln!("error: {flag} needs a value");
            return ExitCode::from(2);
        };
        let text = value.to_string_lossy().into_owned();
        match flag.as_str() {
            "--host" => opts.host = text,
            "--port" => match text.parse() {
                Ok(port) => opts.port = port,
                Err(_) => {
                    eprintln!("error: --port {text:?}: expected 0 to 65535");
                    return ExitCode::from(2);
                }
            },
            "--data" => opts.data = value.into(),
            "--sync" if text == "full" || text == "normal" => opts.flush = text == "full",
            "--first-move-seconds" => match text.parse::<f64>() {
                Ok(s) if s > 0.0 && s <= 86_400.0 => {
                    opts.first_move = std::time::Duration::from_secs_f64(s);
                }
                _ => {
                    eprintln!(
                        "error: --first-move-seconds {text:?}: expected 0 < seconds <= 86400"
                    );
                    return ExitCode::from(2);
                }
            },
            "--open-game-expiry" => match variant_web::parse_duration(&text) {
                Ok(d) => opts.open_game_expiry = d,
                Err(e) => {
                    eprintln!("error: --open-game-expiry {e}");
                    return ExitCode::from(2);
                }
            },
            _ => {
                eprintln!(
                    "error: {flag} {text}: usage: variant-web-server [--host H] [--port P] \
                     [--data FILE] [--sync normal|full] [--first-move-seconds S] \
                     [--open-game-expiry D]"
                );
                return ExitCode::from(2);
            }
        }
    }
    match variant_web::run(opts) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
