//! The 960 start positions of Chess960, by Scharnagl's numbering (number
//! 518 is the usual start): the start generator of `chimera match
//! --chess960` and the web board.

/// How many start positions there are.
pub const STARTS: u16 = 960;

/// Where the two knights go among the five squares left after the bishops
/// and the queen, for each of the ten knight codes.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// White's back rank of start `number` (taken modulo 960), from the
/// a-file: `n % 4` places the light-squared bishop (b, d, f, h), the next
/// digit base 4 the dark-squared one (a, c, e, g), the next base 6 the
/// queen on the free squares, the last the knights ([`KNIGHTS`]); rook,
/// king, rook fill what is left.
pub fn back_rank(number: u16) -> [char; 8] {
    let mut n = usize::from(number % STARTS);
    let mut rank = [' '; 8];
    rank[2 * (n % 4) + 1] = 'B';
    n /= 4;
    rank[2 * (n % 4)] = 'B';
    n /= 4;
    let free = |rank: &[char; 8]| -> Vec<usize> { (0..8).filter(|&f| rank[f] == ' ').collect() };
    rank[free(&rank)[n % 6]] = 'Q';
    n /= 6;
    let (a, b) = KNIGHTS[n];
    let squares = free(&rank);
    rank[squares[a]] = 'N';
    rank[squares[b]] = 'N';
    for (square, piece) in free(&rank).into_iter().zip(['R', 'K', 'R']) {
        rank[square] = piece;
    }
    rank
}

/// The FEN of start `number`, castling rights in X-FEN (`KQkq`: the king
/// always stands between its rooks).
pub fn start_fen(number: u16) -> String {
    let white: String = back_rank(number).iter().collect();
    let black = white.to_ascii_lowercase();
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn numbers_as_scharnagl_gives_them() {
        assert_eq!(back_rank(518).iter().collect::<String>(), "RNBQKBNR");
        assert_eq!(back_rank(0).iter().collect::<String>(), "BBQNNRKR");
        assert_eq!(back_rank(959).iter().collect::<String>(), "RKRNNQBB");
    }

    #[test]
    fn every_start_is_distinct_and_follows_the_rules() {
        let mut seen = HashSet::new();
        for n in 0..STARTS {
            let rank = back_rank(n);
            assert!(seen.insert(rank), "{n} repeats");
            let at = |p: char| -> Vec<usize> { (0..8).filter(|&f| rank[f] == p).collect() };
            let (bishops, rooks, king) = (at('B'), at('R'), at('K'));
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}: bishops on one colour");
            assert!(
                rooks[0] < king[0] && king[0] < rooks[1],
                "{n}: king not between rooks"
            );
            assert_eq!((at('Q').len(), at('N').len()), (1, 2), "{n}");
        }
    }
}
