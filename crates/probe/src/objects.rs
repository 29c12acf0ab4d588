//! The probe's objects: values of the submission's (a scaffold, a player, a game) that the
//! judge refers to by number across calls, as its proxies hold them.
//!
//! Each object is in a `RefCell` and is reached only through the cell's own guards: [`with`]
//! borrows it mutably, [`seen`] shares it (so a value compared with itself is seen twice at
//! once), and a [`Held`] object is borrowed for each use. A call that would change an object
//! already borrowed, or see one being changed, panics (the judge's borrows of its proxies
//! rule that out; the panic keeps a mistake there from aliasing anything here). What is
//! reached by address instead is only ever lent for one call ([`lending`]), and a part of
//! an object ([`keep_part`]) is looked up through its owner each time.

use std::any::Any;
use std::cell::{Ref, RefCell, RefMut};
use std::collections::HashMap;
use std::marker::PhantomData;
use std::rc::{Rc, Weak};

type Object = Rc<RefCell<Box<dyn Any>>>;

#[derive(Default)]
struct Table {
    last: u64,
    objects: HashMap<u64, Object>,
}

thread_local! {
    static TABLE: RefCell<Table> = RefCell::new(Table::default());
}

/// Keeps `value` and returns its number.
pub fn keep<T: Any>(value: T) -> u64 {
    TABLE.with_borrow_mut(|table| {
        table.last += 1;
        table.objects.insert(table.last, Rc::new(RefCell::new(Box::new(value))));
        table.last
    })
}

/// Object `id`, kept alive by the clone while a call uses it (the judge may release it
/// meanwhile, in a call back).
fn object(id: u64) -> Option<Object> {
    TABLE.with_borrow(|table| table.objects.get(&id).cloned())
}

/// Object `id` borrowed mutably.
///
/// # Panics
/// When it is borrowed already (a call on it is under way further up).
fn changed(id: u64, object: &RefCell<Box<dyn Any>>) -> RefMut<'_, Box<dyn Any>> {
    object.try_borrow_mut().unwrap_or_else(|_| panic!("object {id} is in use by a call under way"))
}

/// Object `id` shared.
///
/// # Panics
/// When it is borrowed mutably (a call changing it is under way further up).
fn shared(id: u64, object: &RefCell<Box<dyn Any>>) -> Ref<'_, Box<dyn Any>> {
    object.try_borrow().unwrap_or_else(|_| panic!("object {id} is being changed by a call under way"))
}

/// Calls `f` with object `id`; `None` when there is no such object of type `T`.
///
/// # Panics
/// When the object is in use already (a call on it is under way further up).
pub fn with<T: Any, R>(id: u64, f: impl FnOnce(&mut T) -> R) -> Option<R> {
    let object = object(id)?;
    let mut value = changed(id, &object);
    value.downcast_mut::<T>().map(f)
}

/// Calls `f` with object `id`: a `T` kept here, one lent for the call under way
/// ([`lending`]), or a part of another object ([`keep_part`]); `None` when it is none of
/// these.
///
/// Unlike [`with`], several may be seen at once, the same one too (a value compared with
/// itself, a board shown to a player of the game that holds it).
///
/// # Panics
/// When the object is being changed by a call under way further up.
pub fn seen<T: Any, R>(id: u64, f: impl FnOnce(&T) -> R) -> Option<R> {
    let object = object(id)?;
    let value = shared(id, &object);
    if let Some(value) = value.downcast_ref::<T>() {
        return Some(f(value));
    }
    if let Some(Lent(value)) = value.downcast_ref::<Lent<T>>() {
        // SAFETY: a `Lent` is made only by `lending`, which borrows the value for its whole
        // run and takes the loan back (a guard of its own releases it) before it returns or
        // unwinds; and it is found here only while it is in the table, so while that
        // `lending` is still running further up this thread's stack. `f` cannot keep the
        // reference past this call.
        return Some(f(unsafe { &**value }));
    }
    let part = value.downcast_ref::<Part<T>>()?;
    let owner = part.owner.upgrade()?;
    let owner = shared(part.of, &owner);
    (part.look)(&**owner).map(f)
}

/// A value of the submission's lent to the judge by address, for one call back (a scaffold
/// a game of the submission's shows one of the suite's players): only [`lending`] makes
/// one, so it never outlives the value.
struct Lent<T>(*const T);

/// Runs `f` with `value` lent to the judge, as an object whose number `f` is given: the
/// judge sees it through its proxy while `f` runs (a call back), and it is let go of when
/// `f` returns, however `f` ends.
pub fn lending<T: Any, R>(value: &T, f: impl FnOnce(u64) -> R) -> R {
    /// Takes the loan back, by a panic too: the release is this function's own, so nothing
    /// the caller does (a `mem::forget`, a panic caught further up) can skip it.
    struct Taken(u64);
    impl Drop for Taken {
        fn drop(&mut self) {
            release(self.0);
        }
    }
    let taken = Taken(keep(Lent(std::ptr::from_ref(value))));
    f(taken.0)
}

/// A part of another object (a game's board), kept as an object of its own so that the
/// judge can read it: looked up through its owner, shared for each look, so it is never
/// reached past a change of the owner's. Once the owner is released it is gone.
struct Part<T: 'static> {
    of: u64,
    owner: Weak<RefCell<Box<dyn Any>>>,
    look: Box<Look<T>>,
}

/// How a part is found in its owner: `None` when the owner is not of the part's type.
type Look<T> = dyn for<'a> Fn(&'a (dyn Any + 'static)) -> Option<&'a T>;

/// Keeps `part` of object `owner` (an `O`) as an object of its own, and returns its number;
/// `None` when there is no such object of type `O`. `part` is called now, so that what it
/// does (a panic) is seen by the call that asked for it, and again each time the part is
/// [`seen`]: an accessor, such as a game's `board`.
///
/// # Panics
/// When the owner is being changed by a call under way further up.
pub fn keep_part<O: Any, T: Any>(owner: u64, part: fn(&O) -> &T) -> Option<u64> {
    let object = object(owner)?;
    shared(owner, &object).downcast_ref::<O>().map(part)?;
    let look: Box<Look<T>> = Box::new(move |owner| owner.downcast_ref::<O>().map(part));
    Some(keep(Part { of: owner, owner: Rc::downgrade(&object), look }))
}

/// An object that a value of the submission's uses across calls (a game its players): the
/// value holds this, and borrows the object for each use. It does not keep the object: once
/// the judge releases it, a use panics.
pub struct Held<T> {
    id: u64,
    object: Weak<RefCell<Box<dyn Any>>>,
    kind: PhantomData<fn() -> T>,
}

/// Object `id` to hold; `None` when there is no such object of type `T`.
pub fn hold<T: Any>(id: u64) -> Option<Held<T>> {
    let object = object(id)?;
    object.borrow().is::<T>().then(|| Held { id, object: Rc::downgrade(&object), kind: PhantomData })
}

impl<T: Any> Held<T> {
    /// The object, while it is kept.
    ///
    /// # Panics
    /// When the judge has released it.
    fn object(&self) -> Object {
        self.object.upgrade().unwrap_or_else(|| panic!("object {} was released while still in use", self.id))
    }

    /// Calls `f` with the object.
    ///
    /// # Panics
    /// When the judge has released it, or it is in use by a call under way further up.
    pub fn with<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        let object = self.object();
        let mut value = changed(self.id, &object);
        f(value.downcast_mut::<T>().expect("an object keeps its type"))
    }

    /// Calls `f` with the object, shared.
    ///
    /// # Panics
    /// When the judge has released it, or it is being changed by a call under way further up.
    pub fn seen<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        let object = self.object();
        let value = shared(self.id, &object);
        f(value.downcast_ref::<T>().expect("an object keeps its type"))
    }
}

/// Drops object `id` (nothing when there is none).
pub fn release(id: u64) {
    let object = TABLE.with_borrow_mut(|table| table.objects.remove(&id));
    drop(object);
}
