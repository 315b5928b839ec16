import { useMutation, useQueryClient } from '@tanstack/react-query';
import { syncCarLog, syncCars } from '@/features/garage';
import { api } from '@/lib/http/api-client';
import type { FileItem } from './get-files';
import { filesQueryKey } from './get-files';

/** DELETE /files/{id}: the file and its links to cars and logs. */
export function deleteFile(id: string): Promise<{ id: string }> {
  return api.delete<{ id: string }>(`/files/${id}`);
}

/**
 * Deletes a file, then refreshes what showed it: the file list, and the local garage (the car or
 * log rows in Dexie still name the file until the server's copy replaces them).
 */
export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: FileItem) => deleteFile(file.id),
    onSuccess: async (_answer, file) => {
      const garage = [
        ...(file.usedBy.some((u) => u.type === 'car') ? [syncCars()] : []),
        ...file.usedBy.filter((u) => u.type === 'car log').map((u) => syncCarLog(u.id)),
        // A post keeps its text; the device's copy loses the image with the server's answer.
        ...file.usedBy
          .filter((u) => u.type === 'post')
          .map(async (u) => (await import('@/features/posts')).syncPost(u.id)),
      ];
      // The delete itself succeeded: a refresh that fails now is caught up by the next one.
      await Promise.allSettled([queryClient.invalidateQueries({ queryKey: filesQueryKey }), ...garage]);
    },
  });
}
