//! The command's errors: a game error from the library, or a problem of the command itself
//! (a bad `--player`, a file that cannot be written). The type is the facade's
//! [`variant_games::ProgramError`], shared with the web server.

pub use variant_games::ProgramError as Error;
