/**
 * Rendered resources kept between requests. The data changes only with a sync or a load, so
 * entries are valid for one data version (see Store.dataVersion) and all drop when it moves;
 * the number kept is bounded, least recently used first out. Cached values are shared: callers
 * must not modify them.
 */
export class RenderCache<K, V> {
  private version = '';
  private readonly entries = new Map<K, Promise<V>>();

  constructor(
    private readonly dataVersion: () => string,
    private readonly capacity: number,
  ) {}

  get(key: K, render: () => Promise<V>): Promise<V> {
    // Turned off: nothing kept, so no version to ask the store for.
    if (this.capacity === 0) return render();
    const version = this.dataVersion();
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = render();
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    // A failed render is not remembered.
    value.catch(() => this.entries.get(key) === value && this.entries.delete(key));
    return value;
  }
}
