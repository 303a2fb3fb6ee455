//! The variation tree of a record: every move played or considered from
//! the start position, each node's first child being its main
//! continuation. Generic over the game's move type.

use alloc::string::String;
use alloc::vec::Vec;

/// A node of a [`MoveTree`]: the root (the start position, before any
/// move) or a move and the position it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

/// The index that stands for "no node" in the links.
const NONE: u32 = u32::MAX;

#[derive(Clone, Debug)]
struct Node<M> {
    /// `None` only for the root.
    mv: Option<M>,
    parent: u32,
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
    comment: Option<String>,
    nags: Vec<u8>,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, parent: u32) -> Node<M> {
        Node {
            mv,
            parent,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
            comment: None,
            nags: Vec::new(),
        }
    }
}

/// Moves as a tree held in one vector (no recursion anywhere, however
/// deep the variations go). The root holds the comment on the whole
/// game; each move may hold a comment and numeric annotation glyphs
/// (PGN's `$1` … `$255`: `1` good move, `2` mistake, …).
///
/// The tree does not know the position: [`Record`](super::Record) keeps
/// the start and checks every move it adds. Each game names its tree
/// (`chess::record::MoveTree`, `xiangqi::record::MoveTree`).
///
/// Two trees are equal when they hold the same moves in the same order
/// below every node, with the same comments and NAGs, however their
/// nodes were numbered while they were built.
#[derive(Clone, Debug)]
pub struct MoveTree<M> {
    nodes: Vec<Node<M>>,
}

impl<M> Default for MoveTree<M> {
    fn default() -> MoveTree<M> {
        MoveTree::new()
    }
}

impl<M: PartialEq> PartialEq for MoveTree<M> {
    fn eq(&self, other: &MoveTree<M>) -> bool {
        let mut pairs = alloc::vec![(NodeId::ROOT, NodeId::ROOT)];
        while let Some((mine, theirs)) = pairs.pop() {
            let (a, b) = (self.node(mine), other.node(theirs));
            if a.mv != b.mv || a.comment != b.comment || a.nags != b.nags {
                return false;
            }
            let (mut left, mut right) = (self.children(mine), other.children(theirs));
            loop {
                match (left.next(), right.next()) {
                    (Some(c), Some(d)) => pairs.push((c, d)),
                    (None, None) => break,
                    _ => return false,
                }
            }
        }
        true
    }
}

impl<M: Eq> Eq for MoveTree<M> {}

/// The children of a node, main continuation first.
#[derive(Clone, Debug)]
pub struct Children<'a, M> {
    tree: &'a MoveTree<M>,
    next: u32,
}

impl<M> Iterator for Children<'_, M> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let node = self.tree.nodes.get(self.next as usize)?;
        let id = NodeId(self.next);
        self.next = node.next_sibling;
        Some(id)
    }
}

impl NodeId {
    /// The root of every tree (the same as [`MoveTree::ROOT`]).
    pub const ROOT: NodeId = NodeId(0);
}

impl<M> MoveTree<M> {
    /// The root of every tree.
    pub const ROOT: NodeId = NodeId::ROOT;

    /// A tree with only the root.
    pub fn new() -> MoveTree<M> {
        MoveTree {
            nodes: alloc::vec![Node::new(None, NONE)],
        }
    }

    fn node(&self, id: NodeId) -> &Node<M> {
        // Ids come from this tree, which only grows; the root is always there.
        self.nodes.get(id.0 as usize).unwrap_or(&self.nodes[0])
    }

    fn node_mut(&mut self, id: NodeId) -> Option<&mut Node<M>> {
        self.nodes.get_mut(id.0 as usize)
    }

    /// How many moves the tree holds (the root not counted).
    pub fn move_count(&self) -> usize {
        self.nodes.len() - 1
    }

    /// The move that leads to `node`; `None` for the root.
    pub fn mv(&self, node: NodeId) -> Option<M>
    where
        M: Copy,
    {
        self.node(node).mv
    }

    /// The node before `node`; `None` for the root.
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        let parent = self.node(node).parent;
        (parent != NONE).then_some(NodeId(parent))
    }

    /// The moves that may follow `node`, its main continuation first.
    pub fn children(&self, node: NodeId) -> Children<'_, M> {
        Children {
            tree: self,
            next: self.node(node).first_child,
        }
    }

    /// The main continuation after `node`, if any.
    pub fn main_child(&self, node: NodeId) -> Option<NodeId> {
        self.children(node).next()
    }

    /// The next alternative to `node` from the same position, if any.
    pub fn next_sibling(&self, node: NodeId) -> Option<NodeId> {
        let next = self.node(node).next_sibling;
        (next != NONE).then_some(NodeId(next))
    }

    /// The comment on `node` (on the root: the comment on the whole game).
    pub fn comment(&self, node: NodeId) -> Option<&str> {
        self.node(node).comment.as_deref()
    }

    /// Sets (or with `None` removes) the comment on `node`.
    pub fn set_comment(&mut self, node: NodeId, comment: Option<String>) {
        if let Some(node) = self.node_mut(node) {
            node.comment = comment;
        }
    }

    /// Adds `text` to the comment on `node`, after a space if there is one.
    pub(crate) fn append_comment(&mut self, node: NodeId, text: &str) {
        if let Some(node) = self.node_mut(node) {
            match &mut node.comment {
                Some(comment) => {
                    comment.push(' ');
                    comment.push_str(text);
                }
                None => node.comment = Some(String::from(text)),
            }
        }
    }

    /// The numeric annotation glyphs on `node`.
    pub fn nags(&self, node: NodeId) -> &[u8] {
        &self.node(node).nags
    }

    /// Adds a numeric annotation glyph to `node`.
    pub fn add_nag(&mut self, node: NodeId, nag: u8) {
        if let Some(node) = self.node_mut(node) {
            node.nags.push(nag);
        }
    }

    /// Appends `mv` as the last child of `parent`, unchecked (the record
    /// checks legality), and returns the new node.
    pub(crate) fn push(&mut self, parent: NodeId, mv: M) -> NodeId {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node::new(Some(mv), parent.0));
        let last = match self.node_mut(parent) {
            Some(node) => core::mem::replace(&mut node.last_child, id),
            None => return NodeId(id),
        };
        match self.nodes.get_mut(last as usize) {
            Some(sibling) => sibling.next_sibling = id,
            None => {
                if let Some(node) = self.node_mut(parent) {
                    node.first_child = id;
                }
            }
        }
        NodeId(id)
    }

    /// The nodes of the main line after the root, in order.
    pub fn main_line(&self) -> impl Iterator<Item = NodeId> + '_ {
        core::iter::successors(self.main_child(NodeId::ROOT), |&node| self.main_child(node))
    }

    /// The moves from the root to `node`.
    pub fn moves_to(&self, node: NodeId) -> Vec<M>
    where
        M: Copy,
    {
        let mut moves: Vec<M> = core::iter::successors(Some(node), |&node| self.parent(node))
            .filter_map(|node| self.mv(node))
            .collect();
        moves.reverse();
        moves
    }

    /// How many lines the tree holds: the nodes without children (1 for
    /// an empty tree).
    pub fn line_count(&self) -> usize {
        self.nodes
            .iter()
            .filter(|node| node.first_child == NONE)
            .count()
    }

    /// Every node, the root first, each before its children (in the order
    /// they were added, which is not a depth-first order).
    pub fn nodes(&self) -> impl Iterator<Item = NodeId> {
        (0..self.nodes.len() as u32).map(NodeId)
    }
}
