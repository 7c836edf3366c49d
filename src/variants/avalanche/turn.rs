//! One whole avalanche turn packed into a `u32`.
//!
//! Bits 0-5 origin, 6-11 destination, 12-14 promotion role of the first
//! part (0 none, else role + 1), 15-17 the pending-pawn choice (same code),
//! 18-24 the pushed pawn's origin + 1 (0: no push), 25 castling, 26 capture,
//! 27 "quiescence turn" and 28 "main push" (both set by the generator, see
//! `movegen`), 31 always set so no turn encodes to 0.

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Turn(pub u32);

const MARK: u32 = 1 << 31;
const CASTLE: u32 = 1 << 25;
const CAPTURE: u32 = 1 << 26;
const QUIESCENCE: u32 = 1 << 27;
const MAIN_PUSH: u32 = 1 << 28;
const NO_ROLE: usize = 7;

/// The chess part of a turn (plus the choice it was generated under).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FirstPart(pub u32);

impl FirstPart {
    #[inline]
    pub fn new(from: u32, to: u32) -> FirstPart {
        FirstPart(MARK | from | to << 6)
    }

    #[inline]
    pub fn with_promotion(self, role: usize) -> FirstPart {
        FirstPart(self.0 | (role as u32 + 1) << 12)
    }

    #[inline]
    pub fn with_choice(self, role: Option<usize>) -> FirstPart {
        match role {
            Some(r) => FirstPart(self.0 | (r as u32 + 1) << 15),
            None => self,
        }
    }

    #[inline]
    pub fn castling(self) -> FirstPart {
        FirstPart(self.0 | CASTLE)
    }

    #[inline]
    pub fn capturing(self) -> FirstPart {
        FirstPart(self.0 | CAPTURE)
    }

    #[inline]
    pub fn from(self) -> u32 {
        self.0 & 63
    }

    #[inline]
    pub fn to(self) -> u32 {
        self.0 >> 6 & 63
    }

    #[inline]
    pub fn is_castle(self) -> bool {
        self.0 & CASTLE != 0
    }

    #[inline]
    pub fn is_capture(self) -> bool {
        self.0 & CAPTURE != 0
    }

    #[inline]
    pub fn promotion(self) -> Option<usize> {
        role_field(self.0 >> 12)
    }

    #[inline]
    pub fn choice(self) -> Option<usize> {
        role_field(self.0 >> 15)
    }

    /// The whole turn with the push of the pawn on `push_from`.
    #[inline]
    pub fn with_push(self, push_from: u32) -> Turn {
        Turn(self.0 | (push_from + 1) << 18)
    }

    /// The whole turn when no push is made.
    #[inline]
    pub fn without_push(self) -> Turn {
        Turn(self.0)
    }
}

#[inline]
fn role_field(bits: u32) -> Option<usize> {
    match (bits & 7) as usize {
        0 => None,
        r if r <= NO_ROLE => Some(r - 1),
        _ => None,
    }
}

impl Turn {
    /// Marks the turn as the one quiescence search looks at for its first part.
    #[inline]
    pub fn for_quiescence(self) -> Turn {
        Turn(self.0 | QUIESCENCE)
    }

    #[inline]
    pub fn is_for_quiescence(self) -> bool {
        self.0 & QUIESCENCE != 0
    }

    /// Marks the push as the first-part's main one (the quietest push).
    #[inline]
    pub fn with_main_push(self) -> Turn {
        Turn(self.0 | MAIN_PUSH)
    }

    #[inline]
    pub fn has_main_push(self) -> bool {
        self.0 & MAIN_PUSH != 0
    }

    #[inline]
    pub fn first(self) -> FirstPart {
        FirstPart(self.0 & !(0x7f << 18) & !QUIESCENCE & !MAIN_PUSH)
    }

    /// Origin of the pushed pawn, if the turn has a push.
    #[inline]
    pub fn push_from(self) -> Option<u32> {
        match self.0 >> 18 & 0x7f {
            0 => None,
            s => Some(s - 1),
        }
    }

    #[inline]
    pub fn from(self) -> u32 {
        self.first().from()
    }

    #[inline]
    pub fn to(self) -> u32 {
        self.first().to()
    }

    #[inline]
    pub fn choice(self) -> Option<usize> {
        self.first().choice()
    }
}

impl std::fmt::Debug for Turn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use super::bits::{role_char, square_name};
        if let Some(c) = self.choice() {
            write!(f, "={},", role_char(c))?;
        }
        write!(f, "{}{}", square_name(self.from()), square_name(self.to()))?;
        if let Some(p) = self.first().promotion() {
            write!(f, "{}", role_char(p))?;
        }
        if let Some(s) = self.push_from() {
            write!(f, ",push {}", square_name(s))?;
        }
        Ok(())
    }
}
