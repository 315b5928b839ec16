// Live: a transfer offered, answered or cancelled, or a car that changed hands (the "car" stream
// carries car and car-transfer events): the transfers and sold records are read again.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { realtime } from '@/lib/realtime/socket';
import { soldKey, transfersKey } from '../api/car-transfers';

export function useTransferEvents(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      realtime.on('car', () => {
        void client.invalidateQueries({ queryKey: transfersKey });
        void client.invalidateQueries({ queryKey: soldKey });
      }),
    [client],
  );
}
