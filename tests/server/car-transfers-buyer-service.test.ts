// The sale's buyer lookup, on its own service over a real database: an e-mail address is refused
// before any lookup, so a known and an unknown address cost the same work and answer the same 404
// (docs/SECURITY-CHECKS.md "Accounts and sessions": no enumeration).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { carTransfersRepository } from '../../server/src/garage/car-transfers-repository';
import { carTransfersService } from '../../server/src/garage/car-transfers-service';
import { addMember, serviceDb, type ServiceDb } from './service-fixtures';

describe('the buyer lookup service', () => {
  let sdb: ServiceDb;
  let seller: string;
  let buyer: string;
  let buyerUsername: string;
  let email: string;
  beforeAll(async () => {
    sdb = await serviceDb();
    seller = await addMember(sdb.db, 'seller');
    buyer = await addMember(sdb.db, 'buyer');
    const row = await sdb.db
      .selectFrom('users')
      .select(['username', 'email'])
      .where('id', '=', buyer)
      .executeTakeFirstOrThrow();
    buyerUsername = row.username;
    email = row.email;
  });
  afterAll(() => sdb.close());

  function service() {
    const transfers = carTransfersRepository(sdb.db);
    const findMember = vi.spyOn(transfers, 'findMember');
    const unused = () => {
      throw new Error('not used by the lookup');
    };
    const svc = carTransfersService({
      cars: unused as never,
      transfers,
      access: unused as never,
      users: { cards: unused as never },
      tellMember: unused as never,
      tellLive: unused as never,
      notify: unused as never,
    });
    return { svc, findMember };
  }

  it('refuses any e-mail address, known or not, without looking anyone up', async () => {
    const { svc, findMember } = service();
    for (const text of [email, email.toUpperCase(), 'nobody-here@example.com']) {
      await expect(svc.findBuyer(seller, text)).rejects.toMatchObject({ statusCode: 404 });
    }
    expect(findMember).not.toHaveBeenCalled();
  });

  it('finds a member by exact username, and never the seller', async () => {
    const { svc, findMember } = service();
    await expect(svc.findBuyer(seller, buyerUsername)).resolves.toMatchObject({ id: buyer });
    expect(findMember).toHaveBeenCalledTimes(1);
    await expect(svc.findBuyer(buyer, buyerUsername)).rejects.toMatchObject({ statusCode: 404 });
  });
});
