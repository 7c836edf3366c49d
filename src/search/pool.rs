//! Search threads started once and kept: a `go` hands them work instead of
//! spawning threads inside the move's time.
//!
//! Each pool thread keeps a slot across searches where the search parks its
//! per-thread state (the `Worker` with its buffers), so a new search does not
//! allocate it again. The slot is typed `dyn Any` because the pool does not
//! know the variant; the search downcasts it and starts afresh when the
//! variant changed.

use std::any::Any;
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

/// Per-thread state a search leaves for the next one.
pub type Slot = Option<Box<dyn Any + Send>>;

type Task = Box<dyn FnOnce(&mut Slot) + Send + 'static>;

struct PoolThread {
    tasks: Sender<Task>,
    handle: JoinHandle<()>,
}

/// A fixed set of helper threads, each running one task at a time.
#[derive(Default)]
pub struct ThreadPool {
    threads: Vec<PoolThread>,
}

impl ThreadPool {
    pub fn new(threads: usize) -> ThreadPool {
        let mut pool = ThreadPool::default();
        pool.resize(threads);
        pool
    }

    pub fn len(&self) -> usize {
        self.threads.len()
    }

    pub fn is_empty(&self) -> bool {
        self.threads.is_empty()
    }

    /// Starts or ends threads until there are `threads`. Called between
    /// searches only (from `setoption name Threads`).
    pub fn resize(&mut self, threads: usize) {
        while self.threads.len() > threads {
            if let Some(t) = self.threads.pop() {
                // Dropping the sender ends the thread's loop.
                drop(t.tasks);
                let _ = t.handle.join();
            }
        }
        while self.threads.len() < threads {
            let (tasks, inbox) = mpsc::channel::<Task>();
            let spawned = std::thread::Builder::new()
                .name(format!("search-helper-{}", self.threads.len() + 1))
                .spawn(move || {
                    let mut slot: Slot = None;
                    while let Ok(task) = inbox.recv() {
                        task(&mut slot);
                    }
                });
            match spawned {
                Ok(handle) => self.threads.push(PoolThread { tasks, handle }),
                // The system refused another thread: search with fewer.
                Err(_) => return,
            }
        }
    }

    /// Runs `task` on pool thread `index` (which must exist).
    pub fn run(&self, index: usize, task: impl FnOnce(&mut Slot) + Send + 'static) {
        // A pool thread only ends when its sender is dropped, so this send
        // cannot fail; if it somehow did, the task is simply not run and
        // its `WaitGroup` guard is dropped with it.
        let _ = self.threads[index].tasks.send(Box::new(task));
    }
}

impl Drop for ThreadPool {
    fn drop(&mut self) {
        self.resize(0);
    }
}

/// Counts tasks still running; [`WaitGroup::wait`] returns when all are done.
#[derive(Clone, Default)]
pub struct WaitGroup {
    inner: Arc<(Mutex<usize>, Condvar)>,
}

/// Held by a running task; dropping it (also by a panic) marks it done.
pub struct Running {
    group: WaitGroup,
}

impl WaitGroup {
    pub fn enter(&self) -> Running {
        *self.lock() += 1;
        Running {
            group: self.clone(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, usize> {
        self.inner.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn wait(&self) {
        let mut count = self.lock();
        while *count > 0 {
            count = self.inner.1.wait(count).unwrap_or_else(|e| e.into_inner());
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let mut count = self.group.lock();
        *count -= 1;
        if *count == 0 {
            self.group.inner.1.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn tasks_run_on_their_threads_and_slots_persist() {
        let mut pool = ThreadPool::new(3);
        let sum = Arc::new(AtomicUsize::new(0));
        for round in 0..2 {
            let group = WaitGroup::default();
            for i in 0..pool.len() {
                let running = group.enter();
                let sum = Arc::clone(&sum);
                pool.run(i, move |slot| {
                    let seen = slot
                        .as_ref()
                        .and_then(|b| b.downcast_ref::<usize>())
                        .copied();
                    // The second round finds what the first one left.
                    assert_eq!(seen, if round == 0 { None } else { Some(i) });
                    *slot = Some(Box::new(i));
                    sum.fetch_add(i + 1, Ordering::SeqCst);
                    drop(running);
                });
            }
            group.wait();
        }
        assert_eq!(sum.load(Ordering::SeqCst), 2 * (1 + 2 + 3));
        pool.resize(1);
        assert_eq!(pool.len(), 1);
    }
}
