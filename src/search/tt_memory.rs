//! Zeroed memory for the transposition table, on huge pages where the system
//! gives them.
//!
//! Every probe lands on a random line of a table far larger than the caches,
//! and with 4 KB pages nearly every one also misses the TLB: the page walk
//! costs as much as the load (more under a hypervisor, whose walks are two
//! deep). On Linux the block is mapped at a 2 MB boundary and marked
//! `MADV_HUGEPAGE`, so that transparent huge pages back it when the system
//! runs them in `madvise` mode (Debian's default) as well as `always`;
//! Stockfish does the same. Elsewhere it comes from the global allocator.
//!
//! Either way the pages stay untouched until used: a fresh mapping (or
//! `calloc`'s) is zero already, so allocating a large table costs nothing.

use std::ptr::NonNull;

/// A block of zeroed bytes whose start is aligned to 64 bytes at least,
/// given back to the system when dropped (with its `Mapping`).
pub(super) struct ZeroedBlock {
    start: NonNull<u8>,
    _mapping: Mapping,
}

// SAFETY: the block is owned memory like a `Box<[u8]>`; whoever places
// values in it decides their sharing.
unsafe impl Send for ZeroedBlock {}
unsafe impl Sync for ZeroedBlock {}

impl ZeroedBlock {
    /// `len` zeroed bytes (`len > 0`), or `None` if the system has no such
    /// memory.
    pub(super) fn new(len: usize) -> Option<ZeroedBlock> {
        let (start, mapping) = Mapping::new(len.max(1))?;
        Some(ZeroedBlock {
            start,
            _mapping: mapping,
        })
    }

    pub(super) fn start(&self) -> NonNull<u8> {
        self.start
    }
}

#[cfg(target_os = "linux")]
use linux::Mapping;

#[cfg(target_os = "linux")]
mod linux {
    use std::ptr::NonNull;

    /// Transparent huge pages are 2 MB on x86-64 and (with 4 KB base pages)
    /// on arm64.
    const HUGE_PAGE: usize = 2 << 20;

    /// An anonymous mapping, a huge page larger than asked so that the
    /// block can start on a huge-page boundary.
    pub(super) struct Mapping {
        base: NonNull<u8>,
        mapped: usize,
    }

    impl Mapping {
        pub(super) fn new(len: usize) -> Option<(NonNull<u8>, Mapping)> {
            let mapped = len.checked_add(HUGE_PAGE)?;
            // SAFETY: an anonymous private mapping at an address the kernel
            // picks touches no existing memory.
            let base = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    mapped,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                )
            };
            if base == libc::MAP_FAILED {
                return None;
            }
            let base = NonNull::new(base.cast::<u8>())?;
            let offset = base.as_ptr().align_offset(HUGE_PAGE);
            // SAFETY: `offset < HUGE_PAGE`, so `offset + len` is inside the
            // mapping.
            let start = unsafe { base.as_ptr().add(offset) };
            if len >= HUGE_PAGE {
                // A hint: where the kernel has no huge pages (or runs them
                // `never`) the call fails and the block keeps 4 KB pages.
                // SAFETY: `start..start + len` lies in the mapping, and
                // `start` is page-aligned.
                unsafe { libc::madvise(start.cast(), len, libc::MADV_HUGEPAGE) };
            }
            // SAFETY: inside a successful mapping, so not null.
            let start = unsafe { NonNull::new_unchecked(start) };
            Some((start, Mapping { base, mapped }))
        }
    }

    impl Drop for Mapping {
        fn drop(&mut self) {
            // SAFETY: unmaps exactly the mapping made in `new`, once.
            unsafe { libc::munmap(self.base.as_ptr().cast(), self.mapped) };
        }
    }
}

#[cfg(not(target_os = "linux"))]
use portable::Mapping;

#[cfg(not(target_os = "linux"))]
mod portable {
    use std::alloc::Layout;
    use std::ptr::NonNull;

    /// A block from the global allocator, 64 bytes larger than asked.
    ///
    /// Asking the allocator for 64-byte alignment would cost exactly that:
    /// for an alignment above its own, the system allocator cannot hand out
    /// fresh zero pages (`calloc`) and writes every byte instead, seconds for
    /// a large table. So the block has the allocator's own alignment and the
    /// usable part starts at its first cache-line boundary.
    pub(super) struct Mapping {
        block: NonNull<u8>,
        layout: Layout,
    }

    impl Mapping {
        pub(super) fn new(len: usize) -> Option<(NonNull<u8>, Mapping)> {
            let layout = Layout::from_size_align(len.checked_add(64)?, 16).ok()?;
            // SAFETY: `layout` has a non-zero size.
            let block = NonNull::new(unsafe { std::alloc::alloc_zeroed(layout) })?;
            let offset = block.as_ptr().align_offset(64);
            // SAFETY: `offset < 64`, so `offset + len` is inside the block.
            let start = unsafe { NonNull::new_unchecked(block.as_ptr().add(offset)) };
            Some((start, Mapping { block, layout }))
        }
    }

    impl Drop for Mapping {
        fn drop(&mut self) {
            // SAFETY: the block was allocated with this layout and is freed
            // once.
            unsafe { std::alloc::dealloc(self.block.as_ptr(), self.layout) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_zeroed_aligned_and_writable() {
        for len in [1, 4096, 3 << 20, 16 << 20] {
            let block = ZeroedBlock::new(len).expect("memory");
            let p = block.start().as_ptr();
            assert_eq!(p as usize % 64, 0);
            // SAFETY: `len` bytes from `start` belong to the block.
            let bytes = unsafe { std::slice::from_raw_parts_mut(p, len) };
            assert!(bytes.iter().all(|&b| b == 0));
            bytes[len - 1] = 7;
            assert_eq!(bytes[len - 1], 7);
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn large_blocks_start_on_a_huge_page() {
        for len in [2 << 20, 16 << 20, (64 << 20) + 4096] {
            let block = ZeroedBlock::new(len).expect("memory");
            assert_eq!(
                block.start().as_ptr() as usize % (2 << 20),
                0,
                "{len} bytes"
            );
        }
    }

    #[test]
    fn impossible_sizes_are_none() {
        assert!(ZeroedBlock::new(1 << 60).is_none());
        assert!(ZeroedBlock::new(usize::MAX).is_none());
    }
}
