// Selling a car with its logbook: offers and their answers, the seller's sold records
// and the car's owners. Online only: a sale is a two-sided agreement, nothing here waits in the outbox.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BuyerCard,
  CarOwners,
  CarSale,
  CarSaleDetail,
  CarSaleSummary,
  CarTransfer,
  CarTransferAnswer,
  CarTransferInput,
} from '@/contract/car-transfers';
import { api } from '@/lib/http/api-client';

export const transfersKey = ['garage', 'car-transfers'] as const;
export const soldKey = ['garage', 'cars-sold'] as const;
const ownersKey = (carId: string) => ['garage', 'car-owners', carId] as const;
const summaryKey = ['garage', 'sale-summary'] as const;

/** The pending transfers I offered or am offered. */
export function usePendingTransfers(enabled = true) {
  return useQuery({
    queryKey: transfersKey,
    queryFn: ({ signal }) => api.get<CarTransfer[]>('/car-transfers', { signal }),
    enabled,
  });
}

/** A member by their exact username (404: nobody; any e-mail address is 404 too). */
export function findBuyer(text: string): Promise<BuyerCard> {
  return api.get<BuyerCard>('/car-transfers/buyer', { query: { q: text.trim() } });
}

export function useOfferTransfer(carId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CarTransferInput) =>
      api.post<CarTransfer>(`/cars/${encodeURIComponent(carId)}/transfers`, input),
    onSettled: () => client.invalidateQueries({ queryKey: transfersKey }),
  });
}

export function useAnswerTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: CarTransferAnswer['action'] }) =>
      api.put<CarTransfer>(`/car-transfers/${encodeURIComponent(id)}`, { action }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: transfersKey }),
        client.invalidateQueries({ queryKey: soldKey }),
      ]),
  });
}

/** The cars I sold (records as they were on the day of sale). */
export function useSoldCars(enabled = true) {
  return useQuery({
    queryKey: soldKey,
    queryFn: ({ signal }) => api.get<CarSale[]>('/cars/sold', { signal }),
    enabled,
  });
}

export function useSoldCar(saleId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...soldKey, saleId],
    queryFn: ({ signal }) => api.get<CarSaleDetail>(`/cars/sold/${encodeURIComponent(saleId)}`, { signal }),
    enabled,
  });
}

/** "Logbook since …, N owners". */
export function useCarOwners(carId: string, enabled = true) {
  return useQuery({
    queryKey: ownersKey(carId),
    queryFn: ({ signal }) => api.get<CarOwners>(`/cars/${encodeURIComponent(carId)}/owners`, { signal }),
    enabled,
  });
}

/** What a buyer would receive of my car with these choices (the owner, before offering). */
export function useSaleSummary(
  carId: string,
  choices: { keepCosts: boolean; keepNotes: boolean },
  enabled = true,
) {
  return useQuery({
    queryKey: [...summaryKey, 'car', carId, choices.keepCosts, choices.keepNotes],
    queryFn: ({ signal }) =>
      api.get<CarSaleSummary>(`/cars/${encodeURIComponent(carId)}/sale-summary`, {
        query: { keepCosts: choices.keepCosts, keepNotes: choices.keepNotes },
        signal,
      }),
    enabled,
  });
}

/** What the buyer receives with this offer (its seller and its buyer see the same). */
export function useTransferSummary(transferId: string, enabled = true) {
  return useQuery({
    queryKey: [...summaryKey, 'transfer', transferId],
    queryFn: ({ signal }) =>
      api.get<CarSaleSummary>(`/car-transfers/${encodeURIComponent(transferId)}/summary`, { signal }),
    enabled,
  });
}
