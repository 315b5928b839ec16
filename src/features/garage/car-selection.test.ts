import { describe, expect, it } from 'vitest';
import { carSubtitle, carTitle, resolveSelectedCar } from './car-selection';

describe('resolveSelectedCar', () => {
  const cars = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

  it('answers the remembered car when it exists', () => {
    expect(resolveSelectedCar(cars, 'b')).toEqual({ id: 'b' });
  });

  it('falls back to the first car when nothing is remembered or the car is gone', () => {
    expect(resolveSelectedCar(cars, null)).toEqual({ id: 'a' });
    expect(resolveSelectedCar(cars, 'deleted')).toEqual({ id: 'a' });
    expect(resolveSelectedCar(cars, '')).toEqual({ id: 'a' });
  });

  it('no cars: null', () => {
    expect(resolveSelectedCar([], 'a')).toBeNull();
    expect(resolveSelectedCar([], null)).toBeNull();
  });
});

describe('car names', () => {
  it('the title is the nickname, else make and model', () => {
    expect(carTitle({ make: 'Alpine', model: 'A110', nickname: 'Blue' })).toBe('Blue');
    expect(carTitle({ make: 'Alpine', model: 'A110', nickname: null })).toBe('Alpine A110');
    expect(carTitle({ make: 'Alpine', model: 'A110', nickname: '  ' })).toBe('Alpine A110');
  });

  it('the subtitle adds what the title does not say; the year is never grouped ("2019", not "2,019")', () => {
    expect(carSubtitle({ make: 'Alpine', model: 'A110', nickname: 'Blue', year: 2019 })).toBe(
      'Alpine A110 2019',
    );
    expect(carSubtitle({ make: 'Alpine', model: 'A110', nickname: 'Blue', year: null })).toBe('Alpine A110');
    expect(carSubtitle({ make: 'Alpine', model: 'A110', nickname: null, year: 2019 })).toBe('2019');
    expect(carSubtitle({ make: 'Alpine', model: 'A110', nickname: null, year: null })).toBe('');
  });
});
