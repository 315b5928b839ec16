import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateCatalog, renderWithProviders } from '@/app/test-utils';
import { NotBuiltYet } from './not-built-yet';

describe('NotBuiltYet', () => {
  it("shows the screen's translated title and the notice", () => {
    activateCatalog('en-US');
    renderWithProviders(<NotBuiltYet titleKey="CARS.MY_CARS_TITLE" />);
    expect(screen.getByRole('heading', { level: 1, name: 'My garage' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'This screen is not available yet.' })).toBeTruthy();
  });

  it('speaks French when the locale is fr-FR', () => {
    activateCatalog('fr-FR');
    renderWithProviders(<NotBuiltYet titleKey="FRIENDS.TITLE" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Amis' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: "Cet écran n'est pas encore disponible." })).toBeTruthy();
  });
});
