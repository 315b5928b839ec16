// The API base path, from the typebox-free part of the contract (safe for the client bundle).
export { API_BASE } from '@/contract/constants';
