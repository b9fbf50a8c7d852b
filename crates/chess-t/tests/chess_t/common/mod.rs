//! Helpers shared by the integration tests.
#![allow(dead_code)]

use chess_t::{Cell, ChessT, ChessTConfig};
use variant_core::{Game, GameConfig};

/// A configuration from `key=value;…` text.
pub fn config(text: &str) -> ChessTConfig {
    ChessTConfig::from_pairs(variant_core::config::split_pairs(text).unwrap()).unwrap()
}

/// A position under a configuration text.
pub fn pos(config_text: &str, text: &str) -> ChessT {
    ChessT::from_text(&config(config_text), text).unwrap()
}

/// The sorted legal move texts.
pub fn moves(game: &ChessT) -> Vec<String> {
    let mut list = <ChessT as Game>::MoveList::default();
    game.legal_moves_into(&mut list);
    let mut texts: Vec<String> = list.iter().map(|&m| game.format_move(m)).collect();
    texts.sort();
    texts
}

/// The sorted legal move texts from one cell.
pub fn moves_from(game: &ChessT, from: &str) -> Vec<String> {
    moves(game)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

/// Sorted texts of `from` followed by each destination.
pub fn expect(from: &str, tos: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = tos.iter().map(|t| format!("{from}{t}")).collect();
    v.sort();
    v
}

pub fn is_legal(game: &ChessT, mv: &str) -> bool {
    moves(game).iter().any(|m| m == mv)
}

pub fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

/// Plays a move text and returns the new position.
pub fn after(game: &ChessT, mv: &str) -> ChessT {
    let mut g = game.clone();
    g.play_text(mv).unwrap();
    g
}
