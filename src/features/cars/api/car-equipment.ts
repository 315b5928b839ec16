// A car's tyres and other equipment (src/contract/car-equipment.ts): GET and POST
// /cars/{id}/equipment, PUT and DELETE /equipment/{id}, POST /equipment/{id}/mount and /remove.
// The list is kept on the device (a small persisted query: it shows offline); changes are sent
// at once and need a connection.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CarEquipment,
  CarEquipmentInput,
  CarEquipmentUpdate,
  EquipmentMove,
} from '@/contract/car-equipment';
import { api, isNetworkError } from '@/lib/http/api-client';
import { shouldRetry } from '@/lib/query/query-client';

export const carEquipmentKey = (carId: string) => ['garage', 'car-equipment', carId] as const;

const carPath = (carId: string) => `/cars/${encodeURIComponent(carId)}/equipment`;
const itemPath = (id: string) => `/equipment/${encodeURIComponent(id)}`;

export function getCarEquipment(carId: string, signal?: AbortSignal): Promise<CarEquipment[]> {
  return api.get<CarEquipment[]>(carPath(carId), { signal });
}

export function addCarEquipment(carId: string, input: CarEquipmentInput): Promise<CarEquipment> {
  return api.post<CarEquipment>(carPath(carId), input);
}

export function updateCarEquipment(id: string, update: CarEquipmentUpdate): Promise<CarEquipment> {
  return api.put<CarEquipment>(itemPath(id), update);
}

export function deleteCarEquipment(id: string): Promise<unknown> {
  return api.delete<unknown>(itemPath(id));
}

/** Mounts (`mount`) or removes (`remove`) a set at an odometer reading and a day. */
export function moveCarEquipment(
  id: string,
  move: 'mount' | 'remove',
  at: EquipmentMove,
): Promise<CarEquipment> {
  return api.post<CarEquipment>(`${itemPath(id)}/${move}`, at);
}

export function useCarEquipment(carId: string) {
  return useQuery({
    queryKey: carEquipmentKey(carId),
    queryFn: ({ signal }) => getCarEquipment(carId, signal),
    meta: { persist: true },
    retry: (count, error) => !isNetworkError(error) && shouldRetry(count, error),
  });
}

/** Puts the server's copy of one set in the kept list (or takes it out), then asks for the list again. */
function useListWrite<A>(carId: string, write: (args: A) => Promise<CarEquipment | { removed: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => {
      client.setQueryData<CarEquipment[]>(carEquipmentKey(carId), (list = []) =>
        'removed' in answer
          ? list.filter((item) => item.id !== answer.removed)
          : [...list.filter((item) => item.id !== answer.id), answer],
      );
      void client.invalidateQueries({ queryKey: carEquipmentKey(carId) });
    },
  });
}

export function useAddCarEquipment(carId: string) {
  return useListWrite(carId, (input: CarEquipmentInput) => addCarEquipment(carId, input));
}

export function useMoveCarEquipment(carId: string) {
  return useListWrite(
    carId,
    ({ id, move, at }: { id: string; move: 'mount' | 'remove'; at: EquipmentMove }) =>
      moveCarEquipment(id, move, at),
  );
}

export function useDeleteCarEquipment(carId: string) {
  return useListWrite(carId, async (id: string) => {
    await deleteCarEquipment(id);
    return { removed: id };
  });
}
