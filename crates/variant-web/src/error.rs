//! The server's errors: a game error from the library, or a problem of the server itself
//! (a database that cannot be opened, an address that cannot be bound).

/// What went wrong, said in one line: the facade's [`variant_games::ProgramError`], shared with
/// the `variants` command.
///
/// # Example
///
/// ```
/// let e = variant_web::Error::Action("cannot listen on 127.0.0.1:1: denied".into());
/// assert_eq!(e.to_string(), "cannot listen on 127.0.0.1:1: denied");
/// ```
pub use variant_games::ProgramError as Error;
