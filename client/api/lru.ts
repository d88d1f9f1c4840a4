/** A bounded map that forgets the least recently used entry first. */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();
  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error('LruCache max must be a positive integer');
  }
  get size(): number {
    return this.map.size;
  }
  get(key: K): V | undefined {
    if (!this.map.has(key)) return undefined;
    const value = this.map.get(key) as V;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }
  has(key: K): boolean {
    return this.map.has(key);
  }
  set(key: K, value: V): void {
    if (this.map.has(key)) this.map.delete(key);
    else if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as K);
    this.map.set(key, value);
  }
  delete(key: K): boolean {
    return this.map.delete(key);
  }
  clear(): void {
    this.map.clear();
  }
}
