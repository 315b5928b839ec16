import { API_BASE } from '../../../src/contract/envelope';

/** Where a stored file is served (GET /media/:id). */
export const mediaUrl = (id: string) => `${API_BASE}/media/${id}`;
