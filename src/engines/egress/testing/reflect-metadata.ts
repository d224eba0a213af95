/**
 * The few Reflect metadata functions tsyringe (a dependency of @peculiar/x509) needs, installed only when
 * absent, so test certificates can be generated without the reflect-metadata package.
 */
type Target = object;
type Key = string | symbol;

const store = new WeakMap<Target, Map<Key, unknown>>();

function own(target: Target, property?: Key): Map<Key, unknown> | undefined {
  const holder = property === undefined ? target : (store.get(target)?.get(property) as Target | undefined);
  return holder ? store.get(holder) : undefined;
}

export function installReflectMetadata(): void {
  const reflect = Reflect as unknown as Record<string, unknown>;
  if (typeof reflect.getMetadata === "function") return;
  const defineMetadata = (key: Key, value: unknown, target: Target): void => {
    const map = store.get(target) ?? new Map<Key, unknown>();
    map.set(key, value);
    store.set(target, map);
  };
  const getOwnMetadata = (key: Key, target: Target, property?: Key): unknown =>
    own(target, property)?.get(key);
  const getMetadata = (key: Key, target: Target): unknown => {
    for (let current: Target | null = target; current; current = Object.getPrototypeOf(current)) {
      const value = store.get(current)?.get(key);
      if (value !== undefined) return value;
    }
    return undefined;
  };
  reflect.defineMetadata = defineMetadata;
  reflect.getOwnMetadata = getOwnMetadata;
  reflect.getMetadata = getMetadata;
  reflect.hasMetadata = (key: Key, target: Target): boolean => getMetadata(key, target) !== undefined;
  reflect.metadata =
    (key: Key, value: unknown) =>
    (target: Target): void =>
      defineMetadata(key, value, target);
}
