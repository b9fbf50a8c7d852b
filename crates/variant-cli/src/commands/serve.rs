//! `variants serve`: the web server's library (`variant_web`, docs/web.md) with the options of
//! the command line.

use crate::cli::ServeArgs;
use crate::error::Error;

pub fn run(args: ServeArgs) -> Result<(), Error> {
    variant_web::run(variant_web::Options {
        host: args.host,
        port: args.port,
        data: args.data,
        flush: args.sync == "full",
        first_move: std::time::Duration::from_secs_f64(args.first_move_seconds),
        open_game_expiry: args.open_game_expiry,
    })
    .map_err(Error::Serve)
}
