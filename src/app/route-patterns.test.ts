// The router's flat file names read as addresses, for the build's route hints and the entry.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutsOfFile, matchRoutePattern, routePathOfFile } from './route-patterns';

const STEMS = readdirSync(path.resolve('src/routes/_authenticated'))
  .filter((f) => f.endsWith('.tsx'))
  .map((f) => f.slice(0, -4));

describe('route files as addresses', () => {
  it.each([
    ['feed', '/feed'],
    ['car.$id', '/car/$id'],
    ['car.$id.index', '/car/$id'],
    ['car.$id.fuel', '/car/$id/fuel'],
    ['car_.$id.fill-up', '/car/$id/fill-up'],
    ['my-cars_.$carId.reminders.new', '/my-cars/$carId/reminders/new'],
    ['chat.with.$userId', '/chat/with/$userId'],
  ])('%s → %s', (stem, path) => {
    expect(routePathOfFile(stem)).toBe(path);
  });

  it("a car's sections sit in its home's layout; the fill-up, which leaves it (car_), does not", () => {
    expect(layoutsOfFile('car.$id.fuel', STEMS)).toEqual(['car.$id']);
    expect(layoutsOfFile('car.$id.index', STEMS)).toEqual(['car.$id']);
    expect(layoutsOfFile('car_.$id.fill-up', STEMS)).toEqual([]);
    expect(layoutsOfFile('chat.with.$userId', STEMS)).toEqual([]);
    expect(layoutsOfFile('my-cars_.$carId.import', STEMS)).toEqual([]);
  });

  it('every signed-in route file has its own address (the build names each once)', () => {
    const paths = STEMS.filter((s) => s !== 'car.$id').map(routePathOfFile);
    expect(STEMS.length).toBeGreaterThan(30);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('an address finds its pattern', () => {
  const PATTERNS = STEMS.map(routePathOfFile);
  it.each([
    ['/feed', '/feed'],
    ['/feed/', '/feed'],
    ['/car/4ca35b5c-f2c7-49c0-b9f1-54cef484a4c1', '/car/$id'],
    ['/car/4ca35b5c-f2c7-49c0-b9f1-54cef484a4c1/fuel', '/car/$id/fuel'],
    ['/my-cars/c1/reminders/new', '/my-cars/$carId/reminders/new'],
    ['/my-cars/c1/reminders/r1', '/my-cars/$carId/reminders/$reminderId'],
    ['/chat/with/u1', '/chat/with/$userId'],
    ['/chat/r1', '/chat/$roomId'],
    ['/u/jean.dupont', '/u/$username'],
  ])('%s → %s', (address, pattern) => {
    expect(matchRoutePattern(address, PATTERNS)).toBe(pattern);
  });

  it.each(['/', '/nowhere', '/post', '/post/p1/extra', '/car//fuel'])('%s → none', (address) => {
    expect(matchRoutePattern(address, PATTERNS)).toBeNull();
  });
});
