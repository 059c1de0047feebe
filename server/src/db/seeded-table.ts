import type { EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A lookup table that migrations seed and nothing changes while the server runs (the social
 * networks, the credit roles): read once per process and database, then answered from memory, so
 * a page that shows a post's network or a credit's role sends no statement for it.
 *
 * No invalidation is needed, and none would be correct to skip otherwise: no code path writes
 * these tables; only a migration may, and migrations run when a server process starts, so every
 * process holds the rows of the schema it started with (as it holds the code). A table that
 * people can edit at run time must not use this.
 *
 * The rows are entities of a fork of their own that lives as long as the table: resolvers read
 * their fields; they are never given to a request's EntityManager to change or persist.
 */
export class SeededTable<T extends { id: number }> {
  /** Per database (the ORM's driver): tests run several servers over their own databases in one process. */
  private readonly loaded = new WeakMap<object, Promise<ReadonlyMap<number, T>>>();
  /** The same rows once read, for answers without a promise. */
  private readonly ready = new WeakMap<object, ReadonlyMap<number, T>>();

  constructor(private readonly entity: EntityClass<T>) {}

  /** Every row, by id. */
  rows(em: EntityManager): Promise<ReadonlyMap<number, T>> {
    const driver = em.getDriver();
    let rows = this.loaded.get(driver);
    if (!rows) {
      rows = this.load(em);
      this.loaded.set(driver, rows);
      // A failed read (the database restarting) is tried again by the next request, not kept.
      rows.then(
        (read) => this.ready.set(driver, read),
        () => this.loaded.delete(driver),
      );
    }
    return rows;
  }

  /** Every row in id order. */
  async list(em: EntityManager): Promise<T[]> {
    return [...(await this.rows(em)).values()];
  }

  /**
   * The row with this id: the row itself once the table is read (a field resolver answering
   * without a promise spares graphql-js one per field), a promise the first time. A missing one
   * is a broken foreign key, so an error, as `loadOrFail` would say.
   */
  byId(em: EntityManager, id: number): T | Promise<T> {
    const ready = this.ready.get(em.getDriver());
    return ready ? this.found(ready, id) : this.rows(em).then((rows) => this.found(rows, id));
  }

  private found(rows: ReadonlyMap<number, T>, id: number): T {
    const row = rows.get(id);
    if (!row) throw new Error(`${this.entity.name} ${id} not found`);
    return row;
  }

  private async load(em: EntityManager): Promise<ReadonlyMap<number, T>> {
    const rows = await em.fork({ clear: true }).find(this.entity, {});
    return new Map(rows.sort((a, b) => a.id - b.id).map((row) => [row.id, row]));
  }
}
