import type { SqlDriverAdapter } from "@prisma/driver-adapter-utils";

/** What is told of each statement: its text before it is sent, and how long it took once answered. */
export interface StatementObserver {
  onQuery?: ((sql: string) => void) | undefined;
  onStatementDone?: ((sql: string, seconds: number) => void) | undefined;
}

function observed<T>(sql: string, run: () => Promise<T>, observer: StatementObserver): Promise<T> {
  observer.onQuery?.(sql);
  const done = observer.onStatementDone;
  if (!done) return run();
  const start = process.hrtime.bigint();
  const settle = () => done(sql, Number(process.hrtime.bigint() - start) / 1e9);
  return run().finally(settle);
}

/**
 * Reports each statement the adapter sends, inside transactions too: tests count them (`onQuery`),
 * the metrics time them (`onStatementDone`).
 */
export function reportQueries(adapter: SqlDriverAdapter, observer: StatementObserver): SqlDriverAdapter {
  const queryRaw = adapter.queryRaw.bind(adapter);
  const executeRaw = adapter.executeRaw.bind(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.queryRaw = (q) => observed(q.sql, () => queryRaw(q), observer);
  adapter.executeRaw = (q) => observed(q.sql, () => executeRaw(q), observer);
  adapter.startTransaction = async (isolation) => {
    const tx = await startTransaction(isolation);
    const txQuery = tx.queryRaw.bind(tx);
    const txExec = tx.executeRaw.bind(tx);
    tx.queryRaw = (q) => observed(q.sql, () => txQuery(q), observer);
    tx.executeRaw = (q) => observed(q.sql, () => txExec(q), observer);
    return tx;
  };
  return adapter;
}
