use bishops4p::{Bishops, BishopsConfig};
use variant_core::Game;
fn main() {
    let mut g = Bishops::new(&BishopsConfig::default()).unwrap();
    for m in std::env::args().skip(1) { g.play_text(&m).unwrap(); }
    let mut l = <Bishops as Game>::MoveList::default(); g.legal_moves(&mut l);
    println!("{}\n{:?}", g.to_text(), l.iter().map(|m| g.format_move(*m)).collect::<Vec<_>>());
}
