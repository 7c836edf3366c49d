//! The board's moves as a tree: the main line and its variations. The game
//! handle holds the line from the start to the position shown; the tree
//! keeps every turn played, so the page can go back and forward and a
//! different turn from an earlier position starts a variation instead of
//! erasing the main line.

use serde::Serialize;

/// One turn of the tree; the root (id 0) is the start position.
#[derive(Clone, Debug)]
struct Node {
    parent: Option<usize>,
    token: String,
    /// As the move list writes it.
    notation: String,
    /// The first child continues the line; the others are variations.
    children: Vec<usize>,
    /// Taken back: no longer in the tree (ids stay stable).
    removed: bool,
}

/// A turn as the page draws the move list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NodeView {
    pub id: usize,
    pub parent: usize,
    /// Turns from the start to this one (1 for the first).
    pub ply: usize,
    pub token: String,
    pub notation: String,
    pub children: Vec<usize>,
}

/// The tree as the page reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TreeView {
    /// The start position's continuations (main line first).
    pub root: Vec<usize>,
    /// Every turn, in the order played.
    pub nodes: Vec<NodeView>,
    /// The turn shown (0: the start position).
    pub current: usize,
}

#[derive(Clone, Debug)]
pub struct MoveTree {
    nodes: Vec<Node>,
    current: usize,
}

impl Default for MoveTree {
    fn default() -> Self {
        MoveTree::new()
    }
}

impl MoveTree {
    /// Only the start position.
    pub fn new() -> MoveTree {
        MoveTree {
            nodes: vec![Node {
                parent: None,
                token: String::new(),
                notation: String::new(),
                children: Vec::new(),
                removed: false,
            }],
            current: 0,
        }
    }

    pub fn current(&self) -> usize {
        self.current
    }

    /// Whether `id` is a turn of the tree (or the root).
    pub fn contains(&self, id: usize) -> bool {
        self.nodes.get(id).is_some_and(|n| !n.removed)
    }

    /// The turn `token` played at the current position: an existing child
    /// is followed, a new one is added (the main line when it is the first).
    pub fn advance(&mut self, token: &str, notation: &str) {
        let here = self.current;
        let existing = self.nodes[here]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c].token == token);
        self.current = existing.unwrap_or_else(|| {
            self.nodes.push(Node {
                parent: Some(here),
                token: token.to_string(),
                notation: notation.to_string(),
                children: Vec::new(),
                removed: false,
            });
            let id = self.nodes.len() - 1;
            self.nodes[here].children.push(id);
            id
        });
    }

    /// Takes the current turn back: it and what follows it leave the tree.
    /// Returns false at the root.
    pub fn take_back(&mut self) -> bool {
        let id = self.current;
        let Some(parent) = self.nodes[id].parent else {
            return false;
        };
        self.nodes[parent].children.retain(|&c| c != id);
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            self.nodes[n].removed = true;
            stack.extend(self.nodes[n].children.iter().copied());
        }
        self.current = parent;
        true
    }

    /// The ids from the root's first turn down to `id`.
    fn path(&self, id: usize) -> Vec<usize> {
        let mut path = Vec::new();
        let mut n = id;
        while let Some(parent) = self.nodes[n].parent {
            path.push(n);
            n = parent;
        }
        path.reverse();
        path
    }

    /// How to go from the current turn to `target`: the plies to take back
    /// and the tokens to play then. `None` when `target` is not in the tree.
    pub fn route(&self, target: usize) -> Option<(usize, Vec<String>)> {
        if !self.contains(target) {
            return None;
        }
        let from = self.path(self.current);
        let to = self.path(target);
        let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
        let forward = to[common..]
            .iter()
            .map(|&n| self.nodes[n].token.clone())
            .collect();
        Some((from.len() - common, forward))
    }

    /// Moves the current turn to `target` (after the game followed `route`).
    pub fn go_to(&mut self, target: usize) {
        if self.contains(target) {
            self.current = target;
        }
    }

    /// The main line: the root's first continuation, then each turn's first.
    pub fn main_line(&self) -> Vec<usize> {
        let mut line = Vec::new();
        let mut n = 0;
        while let Some(&next) = self.nodes[n].children.first() {
            line.push(next);
            n = next;
        }
        line
    }

    pub fn token(&self, id: usize) -> &str {
        &self.nodes[id].token
    }

    /// The continuations of turn `id` (0: the start), the line's own first.
    pub fn children(&self, id: usize) -> &[usize] {
        &self.nodes[id].children
    }

    pub fn view(&self) -> TreeView {
        let nodes = self
            .nodes
            .iter()
            .enumerate()
            .skip(1)
            .filter(|(_, n)| !n.removed)
            .map(|(id, n)| NodeView {
                id,
                parent: n.parent.unwrap_or(0),
                ply: self.path(id).len(),
                token: n.token.clone(),
                notation: n.notation.clone(),
                children: n.children.clone(),
            })
            .collect();
        TreeView {
            root: self.nodes[0].children.clone(),
            nodes,
            current: self.current,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_different_turn_from_an_earlier_position_is_a_variation() {
        let mut t = MoveTree::new();
        for m in ["e4", "e5", "Nf3"] {
            t.advance(m, m);
        }
        let main = t.main_line();
        assert_eq!(main, [1, 2, 3]);
        // Back two turns, then d5 instead of e5: a variation of e5.
        assert_eq!(t.route(1), Some((2, vec![])));
        t.go_to(1);
        t.advance("d5", "d5");
        assert_eq!(t.current(), 4);
        assert_eq!(t.main_line(), [1, 2, 3]);
        assert_eq!(t.view().nodes[0].children, [2, 4]);
        // From the variation to the main line's end: one back, two on.
        assert_eq!(t.route(3), Some((1, vec!["e5".into(), "Nf3".into()])));
        // Playing a turn already in the tree follows it.
        t.go_to(1);
        t.advance("e5", "e5");
        assert_eq!(t.current(), 2);
        // Taking back removes the turn and what follows.
        assert!(t.take_back());
        assert_eq!(t.current(), 1);
        assert!(!t.contains(3));
        assert_eq!(t.main_line(), [1, 4]);
        assert_eq!(t.route(3), None);
        assert_eq!(t.view().nodes.len(), 2);
    }
}
