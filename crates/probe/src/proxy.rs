//! The judge's ends of values that live on the other side: [`Object`], one of the
//! submission's values kept in the probe, which a proxy in the judge holds by number; and a
//! [`Lender`], the suite's own values (a player, a viewer) lent to the submission's code in
//! the probe for a call, which calls them back by number.

use std::cell::RefCell;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
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

/// A proxy in the judge for an object the probe keeps (one of the submission's), which the
/// judge's methods that [`calls!`](crate::calls) writes call by its number.
pub trait Proxied {
    /// The object's number in the probe.
    fn id(&self) -> u64;
}

/// The suite's values of one kind (`dyn Player`, say) lent to the probe, in a thread-local:
/// the submission's code holds their numbers and calls them back through the judge's answer
/// to calls back.
///
/// A value is lent only for the length of a call ([`lending`](Self::lending)): the loan is
/// that function's own and is taken back when it returns, however it ends, so nothing the
/// probe can call back outlives the value it reaches, whatever becomes of the values that
/// lend it (even forgotten, their destructors never run). A value the probe holds across
/// calls (a game's players) is lent again, under the same number, for each call that may
/// use it.
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
    /// Runs `f` with `value` lent to the probe as number `id` (a [`new_id`], which the probe
    /// may hold across loans): the probe's calls back reach it while `f` runs, and get no
    /// answer once this returns.
    ///
    /// # Panics
    /// When a value is lent as `id` already.
    pub fn lending<R>(lender: &'static LocalKey<Lender<T>>, id: u64, value: &mut T, f: impl FnOnce() -> R) -> R {
        // SAFETY: `value` is borrowed mutably for this whole call, so it is valid and used by
        // nothing else while `f` runs.
        unsafe { Lender::lending_raw(lender, id, value, f) }
    }

    /// [`lending`](Self::lending) for a value whose type lives only as long as a borrow (a
    /// player a game of the suite's borrows for `'a`), its lifetime erased by the caller.
    ///
    /// # Safety
    /// `value` must be valid, and used by nothing else, while `f` runs: a pointer made from
    /// a `&mut` that is borrowed for this whole call (only its lifetime erased) is.
    ///
    /// # Panics
    /// When a value is lent as `id` already.
    pub unsafe fn lending_raw<R>(
        lender: &'static LocalKey<Lender<T>>,
        id: u64,
        value: *mut T,
        f: impl FnOnce() -> R,
    ) -> R {
        lender.with(|lender| match lender.lent.borrow_mut().entry(id) {
            Entry::Occupied(_) => panic!("value {id} is lent already"),
            Entry::Vacant(vacant) => {
                vacant.insert(Lent { value, busy: false });
            }
        });
        /// Takes the loan back when the call ends, by a panic too.
        struct Loan<T: ?Sized + 'static>(&'static LocalKey<Lender<T>>, u64);
        impl<T: ?Sized + 'static> Drop for Loan<T> {
            fn drop(&mut self) {
                // After the thread's lender is gone (at the thread's exit) there is nothing
                // left to take back.
                let _ = self.0.try_with(|lender| lender.lent.borrow_mut().remove(&self.1));
            }
        }
        let _loan = Loan(lender, id);
        f()
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
        // SAFETY: a value is in the table only while the `lending_raw` that lent it runs
        // (further up this thread's stack, since the table is the thread's), during which
        // it is valid and used by nothing else (`lending_raw`'s contract); and it is not
        // busy, so this is its only reference while `f` runs.
        Some(f(unsafe { &mut *value }))
    }
}

/// A number for a value to lend, never given before.
pub fn new_id() -> u64 {
    static LAST: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    LAST.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// Runs `$f` with `$value` (a `&mut dyn Trait` of some lifetime) lent as `$number` in
/// `$lender` (a `Lender<dyn Trait>`): [`Lender::lending_raw`] with the lifetime erased, the
/// one place that is done. A macro, since a function could not name the trait object's
/// lifetime to erase it.
#[macro_export]
macro_rules! lending {
    ($lender:expr, $number:expr, $value:expr, $f:expr, dyn $($trait:tt)+) => {{
        // A `&mut` and nothing else (a raw pointer would not do): the safety below rests on it.
        let value: &mut (dyn $($trait)+ + '_) = $value;
        let value: *mut (dyn $($trait)+ + '_) = value;
        // SAFETY: only the lifetime is erased; `value` is borrowed mutably for this whole
        // call, so it is valid and used by nothing else while `f` runs, and `lending_raw`
        // takes the loan back before it returns, however `f` ends.
        unsafe {
            let value: *mut (dyn $($trait)+ + 'static) = ::std::mem::transmute(value);
            $crate::proxy::Lender::lending_raw($lender, $number, value, $f)
        }
    }};
}
