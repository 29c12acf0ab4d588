//! The judge's ends of values that live on the other side: [`Object`], one of the
//! submission's values kept in the probe, which a proxy in the judge holds by number; and a
//! [`Lender`], the suite's own values (a player, a viewer) lent to the submission's code in
//! the probe, which calls them back by number.

use std::cell::RefCell;
use std::collections::HashMap;
use std::thread::LocalKey;

/// One of the submission's values, kept in the probe (its [`objects`](crate::objects)); let
/// go of there when dropped here, unless it is only lent to the judge for a call back.
#[derive(Debug)]
pub struct Object {
    id: u64,
    owned: bool,
}

impl Object {
    /// Object `id`, which the proxy holding this owns: it is released when this is dropped.
    pub fn owned(id: u64) -> Object {
        Object { id, owned: true }
    }

    /// Object `id`, lent by the probe for the call back under way (the probe releases it).
    pub fn lent(id: u64) -> Object {
        Object { id, owned: false }
    }

    /// Its number in the probe.
    pub fn id(&self) -> u64 {
        self.id
    }
}

impl Drop for Object {
    fn drop(&mut self) {
        if self.owned {
            crate::release(self.id);
        }
    }
}

/// The suite's values of one kind (`dyn Player`, say) lent to the probe, in a thread-local:
/// the submission's code holds their numbers and calls them back through the judge's answer
/// to calls back.
pub struct Lender<T: ?Sized> {
    lent: RefCell<HashMap<u64, Lent<T>>>,
}

struct Lent<T: ?Sized> {
    value: *mut T,
    /// Whether a call back is under way: a probe that calls the value again meanwhile gets
    /// no answer, rather than a second `&mut` to it.
    busy: bool,
}

impl<T: ?Sized> Default for Lender<T> {
    fn default() -> Self {
        Lender { lent: RefCell::new(HashMap::new()) }
    }
}

impl<T: ?Sized + 'static> Lender<T> {
    /// Lends `value` to the probe: the loan's number is what the probe calls it back by.
    ///
    /// # Safety
    /// `value` must stay valid, and be used by nothing else, while the [`Loan`] lives (the
    /// proxy that borrows or owns the value holds the loan, and drops it first).
    pub unsafe fn lend(lender: &'static LocalKey<Lender<T>>, value: *mut T) -> Loan<T> {
        // SAFETY: the caller's, as this function's.
        unsafe { Lender::lend_as(lender, new_id(), value) }
    }

    /// Lends `value` as number `id` (a [`new_id`], which the probe may hold across loans: an
    /// interface a skeleton shows games through, lent again for each of its calls).
    ///
    /// # Safety
    /// As [`lend`](Self::lend)'s.
    pub unsafe fn lend_as(lender: &'static LocalKey<Lender<T>>, id: u64, value: *mut T) -> Loan<T> {
        lender.with(|lender| {
            let lent = lender.lent.borrow_mut().insert(id, Lent { value, busy: false });
            assert!(lent.is_none(), "value {id} is lent already");
        });
        Loan { id, lender, thread: std::marker::PhantomData }
    }

    /// Calls `f` with value `id`; `None` when there is none, or it is in a call back already.
    pub fn with<R>(&self, id: u64, f: impl FnOnce(&mut T) -> R) -> Option<R> {
        let value = {
            let mut lent = self.lent.borrow_mut();
            let lent = lent.get_mut(&id).filter(|lent| !lent.busy)?;
            lent.busy = true;
            lent.value
        };
        /// Marks the value free again when the call back ends, even by a panic.
        struct Free<'a, T: ?Sized>(&'a Lender<T>, u64);
        impl<T: ?Sized> Drop for Free<'_, T> {
            fn drop(&mut self) {
                if let Some(lent) = self.0.lent.borrow_mut().get_mut(&self.1) {
                    lent.busy = false;
                }
            }
        }
        let _free = Free(self, id);
        // SAFETY: the value is valid until taken back (`lend`'s contract), and not busy, so
        // this is its only reference while `f` runs.
        Some(f(unsafe { &mut *value }))
    }
}

/// A number for a value to lend, never given before.
pub fn new_id() -> u64 {
    static LAST: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    LAST.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// A value lent to the probe, by its number there; taken back when dropped (the probe's calls
/// back to it get no answer from then on).
pub struct Loan<T: ?Sized + 'static> {
    id: u64,
    lender: &'static LocalKey<Lender<T>>,
    /// Taken back on the thread that lent it, where its lender is: not `Send`.
    thread: std::marker::PhantomData<*const ()>,
}

impl<T: ?Sized + 'static> Loan<T> {
    /// Its number in the probe.
    pub fn id(&self) -> u64 {
        self.id
    }
}

impl<T: ?Sized + 'static> Drop for Loan<T> {
    fn drop(&mut self) {
        // After the thread's lender is gone (a loan dropped at the thread's exit) there is
        // nothing left to take back.
        let _ = self.lender.try_with(|lender| lender.lent.borrow_mut().remove(&self.id));
    }
}
