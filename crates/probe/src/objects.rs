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

/// Drops object `id` (nothing when there is none).
pub fn release(id: u64) {
    let object = TABLE.with_borrow_mut(|table| table.objects.remove(&id));
    drop(object);
}
