//! The probe's objects: values of the submission's (a scaffold, a player, a game) that the
//! judge refers to by number across calls, as its proxies hold them.

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

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

fn object(id: u64) -> Option<Object> {
    TABLE.with_borrow(|table| table.objects.get(&id).cloned())
}

/// Calls `f` with object `id`; `None` when there is no such object of type `T`.
///
/// # Panics
/// When the object is in use already (a call on it is under way further up).
pub fn with<T: Any, R>(id: u64, f: impl FnOnce(&mut T) -> R) -> Option<R> {
    let object = object(id)?;
    let mut value = object.try_borrow_mut().unwrap_or_else(|_| panic!("object {id} is in use by a call under way"));
    value.downcast_mut::<T>().map(f)
}

/// Where object `id` is, for a value of the submission's that borrows it for longer than a
/// call (a game its players): valid until the object is released, which the judge's
/// borrows of its proxies order (it cannot release a player its game still borrows).
pub fn pointer<T: Any>(id: u64) -> Option<*mut T> {
    let object = object(id)?;
    // SAFETY: the box's contents stay where they are while the table holds the object.
    let value = unsafe { &mut *object.as_ptr() };
    value.downcast_mut::<T>().map(std::ptr::from_mut)
}

/// A value of the submission's lent to the judge by address: for a call back (a scaffold a
/// game of the submission's shows one of the suite's players), or as long as the judge's
/// borrows keep its owner from changing (a game's board). Kept as an object, it has a number
/// the judge can call it by.
pub struct Lent<T>(pub *const T);

/// Calls `f` with object `id`, a `T` kept here or a [`Lent`] one; `None` when it is neither.
///
/// Unlike [`with`], several may be seen at once (a value compared with itself, a board shown
/// to a player of the game that holds it).
pub fn seen<T: Any, R>(id: u64, f: impl FnOnce(&T) -> R) -> Option<R> {
    if let Some(Lent(value)) = with(id, |lent: &mut Lent<T>| Lent(lent.0)) {
        // SAFETY: a lent value is released before what lent it ends or changes it: the call
        // back it was lent for returns, or the judge's borrow of its owner ends.
        return Some(f(unsafe { &*value }));
    }
    let kept = pointer::<T>(id)?;
    // SAFETY: the object is kept until released, which no call made here can do; it is only
    // changed through `with`, which the judge's borrows keep apart from this.
    Some(f(unsafe { &*kept }))
}

/// Drops object `id` (nothing when there is none).
pub fn release(id: u64) {
    let object = TABLE.with_borrow_mut(|table| table.objects.remove(&id));
    drop(object);
}
