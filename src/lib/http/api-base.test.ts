import { describe, expect, it } from 'vitest';
import { API_BASE as CONTRACT_API_BASE } from '@/contract/envelope';
import { API_BASE } from './api-base';

describe('API_BASE', () => {
  it('is the contract base path, version 1.0', () => {
    expect(API_BASE).toBe(CONTRACT_API_BASE);
    expect(API_BASE).toBe('/api/v1.0');
  });
});
