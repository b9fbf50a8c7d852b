//! Iterative deepening principal variation search.
//!
//! One negamax serves two, three and four players: a node's value is taken from the point of
//! view of the *team* to move, where the team is either the searching (root) player or the
//! coalition of all the others. When a move passes the turn to the other team the child's
//! value is negated and the window mirrored, as in two-player negamax; when the turn stays with
//! the same team (one opponent after another) the value and the window carry over unchanged.
//! With more than two players this is Best-Reply Search: between two moves of the searching
//! player one opponent branches (the reply), the others play their first move in the static
//! order (not the table's move) at no cost in depth. With two players every move changes the
//! team and every opponent node is a reply, so this is plain PVS.
//!
//!
//! The modules by job: [`state`] holds the searcher and what it keeps, [`iterate`] deepens the
//! search depth by depth (with the aspiration window), [`root`] searches the root's moves at
//! one depth, [`node`] takes a node's opening steps and scores its children. A node's moves are
//! then searched by [`pvs`] (two players, with the pruning that only pays there) or [`multi`]
//! (paranoid, or [`best_reply`] where the game asks for it), in the order [`order`] gives and
//! with the evaluation of [`evaluation`]; [`quiescence`] ends every line. [`control`] decides
//! when to give up, [`result`] is what comes back.

mod best_reply;
mod control;
mod evaluation;
mod iterate;
mod multi;
mod node;
mod order;
mod pvs;
mod quiescence;
mod result;
mod root;
mod state;

pub use result::SearchResult;
pub use state::Searcher;
