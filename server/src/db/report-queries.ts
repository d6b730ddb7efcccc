import type { SqlDriverAdapter } from "@prisma/driver-adapter-utils";

/** Reports each statement the adapter sends, inside transactions too (tests count them). */
export function reportQueries(adapter: SqlDriverAdapter, onQuery: (sql: string) => void): SqlDriverAdapter {
  const queryRaw = adapter.queryRaw.bind(adapter);
  const executeRaw = adapter.executeRaw.bind(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.queryRaw = (q) => {
    onQuery(q.sql);
    return queryRaw(q);
  };
  adapter.executeRaw = (q) => {
    onQuery(q.sql);
    return executeRaw(q);
  };
  adapter.startTransaction = async (isolation) => {
    const tx = await startTransaction(isolation);
    const txQuery = tx.queryRaw.bind(tx);
    const txExec = tx.executeRaw.bind(tx);
    tx.queryRaw = (q) => {
      onQuery(q.sql);
      return txQuery(q);
    };
    tx.executeRaw = (q) => {
      onQuery(q.sql);
      return txExec(q);
    };
    return tx;
  };
  return adapter;
}
