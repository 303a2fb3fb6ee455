//! A list with a fixed capacity, kept inline: both games' move lists.

use core::fmt;
use core::ops::{Deref, DerefMut};

/// Up to `N` values of `T` held in an array, so that building one never
/// touches the heap.
#[derive(Clone)]
pub struct ArrayList<T, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Copy, const N: usize> ArrayList<T, N> {
    /// An empty list. Its spare slots hold copies of `filler`, which is
    /// never read: it only spares types without a natural default (a
    /// xiangqi move) from needing one.
    #[inline]
    pub const fn filled_with(filler: T) -> Self {
        ArrayList {
            items: [filler; N],
            len: 0,
        }
    }

    /// Removes every item.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the first `len` items (all when there are fewer).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Keeps the items `keep` says yes to, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            if keep(&self.items[i]) {
                self.items[kept] = self.items[i];
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Appends `item`; one beyond the capacity `N` is dropped (move lists
    /// are sized above any legal position's count).
    #[inline]
    pub fn push(&mut self, item: T) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = item;
            self.len += 1;
        }
    }

    /// Appends `item`, panicking if the list is full: for lists whose
    /// capacity is a proven bound (xiangqi's moves). It costs fewer
    /// instructions in xiangqi perft than [`ArrayList::push`]'s test.
    #[inline]
    pub(crate) fn push_or_panic(&mut self, item: T) {
        self.items[self.len] = item;
        self.len += 1;
    }

    /// The items as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len]
    }

    /// Number of items.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The items in place.
    #[inline]
    pub fn iter(&self) -> core::slice::Iter<'_, T> {
        self.as_slice().iter()
    }
}

impl<T: Copy + Default, const N: usize> ArrayList<T, N> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        ArrayList::filled_with(T::default())
    }
}

impl<T: Copy + Default, const N: usize> Default for ArrayList<T, N> {
    fn default() -> Self {
        ArrayList::new()
    }
}

impl<T: Copy + fmt::Debug, const N: usize> fmt::Debug for ArrayList<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Copy, const N: usize> Deref for ArrayList<T, N> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Copy, const N: usize> DerefMut for ArrayList<T, N> {
    /// The items, to reorder in place: a search sorts its moves where the
    /// generator put them (`moves.sort_by_key(…)`), with no heap.
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len]
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a ArrayList<T, N> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;

    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
