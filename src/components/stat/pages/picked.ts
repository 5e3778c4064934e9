/** The row a report's charts show: the one picked, else the first of the table's page. */
import { useCallback, useState } from 'react';

export function usePickedRow<Row>(keyOf: (row: Row) => string) {
  const [picked, setPicked] = useState<string | null>(null);
  const onLoad = useCallback(
    (rows: Row[]) => setPicked((prev) => (prev !== null && rows.some((r) => keyOf(r) === prev) ? prev : rows.length ? keyOf(rows[0]) : null)),
    // keyOf reads a fixed field
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return { picked, setPicked, onLoad };
}
