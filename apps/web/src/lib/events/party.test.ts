import { listInWords } from '@jesus-walks/contracts/words';
import { describe, expect, it } from 'vitest';
import {
  partyBody,
  partyCheckoutNote,
  partyFieldOf,
  partyOf,
  partyPriceText,
  partySeatsNote,
  peopleText,
  removePersonLabel,
  whoComesText,
} from './party';

describe('a party in words (decision 041)', () => {
  it('says who comes, the registrant first', () => {
    expect(whoComesText([])).toBe('Just you');
    expect(whoComesText(['Ben'])).toBe('You and Ben · 2 people');
    expect(whoComesText(['Ben', 'Cara'])).toBe('You, Ben and Cara · 3 people');
    expect(listInWords(['Ben', 'Cara', 'Dan'])).toBe('Ben, Cara and Dan');
    expect([peopleText(1), peopleText(8)]).toEqual(['1 person', '8 people']);
  });

  it('names what a remove button removes: the name typed, or which person it is', () => {
    expect(removePersonLabel(' Ben ', 0)).toBe('Remove Ben');
    expect(removePersonLabel('', 1)).toBe('Remove person 3');
  });

  it('sends the names trimmed, and no party for someone who comes alone', () => {
    expect(partyOf([{ name: ' Ben ' }, { name: 'Cara' }])).toEqual(['Ben', 'Cara']);
    expect(partyBody(['Ben'])).toEqual({ party: ['Ben'] });
    expect(partyBody([])).toEqual({});
  });

  it('says before registering that a party larger than the seats left waits in line together', () => {
    const walk = { seatsLeft: 2, capacity: 20 };
    expect(partySeatsNote(3, walk)).toBe('Only 2 seats left: a party of 3 goes on the waitlist together.');
    expect(partySeatsNote(2, walk)).toBeNull();
    // A full walk says so already: everyone joins the waitlist.
    expect(partySeatsNote(3, { seatsLeft: 0, capacity: 20 })).toBeNull();
    expect(partySeatsNote(6, { seatsLeft: 3, capacity: 5 })).toBe(
      'This walk takes 5 people in all: a party of 6 cannot come.',
    );
  });

  it("says at a paid walk's checkout that the seats left are not enough for the party", () => {
    expect(partyCheckoutNote(3, { seatsLeft: 1, capacity: 20 })).toBe(
      'Only 1 seat left: not enough for a party of 3.',
    );
    expect(partyCheckoutNote(3, { seatsLeft: 3, capacity: 20 })).toBeNull();
    expect(partyPriceText(3, 25)).toBe('3 × $25.00 = $75.00');
  });

  it("finds the party's field a server issue names", () => {
    expect(partyFieldOf(['body', 'party', 2])).toBe('party.2.name');
    expect(partyFieldOf(['body', 'party'])).toBe('party');
    expect(partyFieldOf(['body', 'name'])).toBeUndefined();
  });
});
