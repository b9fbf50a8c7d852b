use bishops4p::{Bishops, BishopsConfig};
use variant_core::Game;
fn main() {
    for t in std::env::args().skip(1) {
        match Bishops::from_text(&BishopsConfig::default(), &t) {
            Ok(g) => { let mut l = <Bishops as Game>::MoveList::default(); g.legal_moves(&mut l);
                println!("ok {:?} checked {:?} moves {:?}", g.status(), g.checked_seats(), l.iter().map(|m| g.format_move(*m)).collect::<Vec<_>>()); }
            Err(e) => println!("{e}"),
        }
    }
}
