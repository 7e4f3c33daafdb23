/**
 * One of something per owner object, made at the owner's first use and gone with it: state an
 * instance keeps per database handle (the answer and join batch queues, the games cache), so that
 * two instances in one process (the tests, the benchmarks) never share it.
 */
export function perOwner<K extends object, V>(make: (owner: K) => V): (owner: K) => V {
  const made = new WeakMap<K, V>();
  return (owner) => {
    let value = made.get(owner);
    if (value === undefined) {
      value = make(owner);
      made.set(owner, value);
    }
    return value;
  };
}
