import { describe, expect, it } from 'vitest';
import { changeMyPasswordSchema } from '@/lib/account/change-password';
import {
  addUserSchema,
  editUserSchema,
  lineTotal,
  manualOrderSchema,
  parseStock,
  productFormSchema,
  toCreateUserBody,
  toUpdateUserBody,
} from './forms';

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  // The first message of each field, as the form shows it.
  const firsts: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) firsts[issue.path.join('.')] ??= issue.message;
  return firsts;
}

describe('changeMyPasswordSchema', () => {
  it('requires all three fields', () => {
    const result = changeMyPasswordSchema.safeParse({
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    });
    expect(messages(result)).toMatchObject({ currentPassword: 'Current password is required' });
    expect(Object.keys(messages(result)).sort()).toEqual([
      'confirmPassword',
      'currentPassword',
      'newPassword',
    ]);
  });

  it('wants a new password of at least 6 that the confirmation matches', () => {
    expect(
      messages(
        changeMyPasswordSchema.safeParse({
          currentPassword: 'x',
          newPassword: 'abc',
          confirmPassword: 'abc',
        }),
      ),
    ).toEqual({ newPassword: 'Password must be at least 6 characters' });
    expect(
      messages(
        changeMyPasswordSchema.safeParse({
          currentPassword: 'x',
          newPassword: 'abcdef',
          confirmPassword: 'abcdeg',
        }),
      ),
    ).toEqual({ confirmPassword: "Passwords don't match" });
    expect(
      changeMyPasswordSchema.safeParse({
        currentPassword: 'x',
        newPassword: 'abcdef',
        confirmPassword: 'abcdef',
      }).success,
    ).toBe(true);
  });
});

describe('addUserSchema', () => {
  const valid = {
    username: 'martha',
    email: 'Martha@Example.com',
    password: 'secret1',
    confirmPassword: 'secret1',
    isAdmin: true,
  };

  it('requires username, email and password', () => {
    const result = addUserSchema.safeParse({
      ...valid,
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
    });
    expect(messages(result)).toMatchObject({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('checks the e-mail, the length and the confirmation', () => {
    expect(messages(addUserSchema.safeParse({ ...valid, email: 'nope' }))).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(messages(addUserSchema.safeParse({ ...valid, password: 'abc', confirmPassword: 'abc' }))).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(messages(addUserSchema.safeParse({ ...valid, confirmPassword: 'other1' }))).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it('never sends the confirmation', () => {
    const parsed = addUserSchema.parse(valid);
    expect(toCreateUserBody(parsed)).toEqual({
      username: 'martha',
      email: 'martha@example.com',
      password: 'secret1',
      isAdmin: true,
    });
  });
});

describe('editUserSchema', () => {
  const valid = {
    username: 'martha',
    email: 'martha@example.com',
    isAdmin: false,
    password: '',
    confirmPassword: '',
  };

  it('requires username and email', () => {
    expect(messages(editUserSchema.safeParse({ ...valid, username: ' ', email: '' }))).toEqual({
      username: 'Username is required',
      email: 'Email is required',
    });
  });

  it('keeps the current password when the new one is blank: none is sent', () => {
    const body = toUpdateUserBody(editUserSchema.parse({ ...valid, confirmPassword: 'ignored' }));
    expect(body).toEqual({ username: 'martha', email: 'martha@example.com', isAdmin: false });
    expect('password' in body).toBe(false);
  });

  it('checks a given password and sends it without its confirmation', () => {
    expect(messages(editUserSchema.safeParse({ ...valid, password: 'abc', confirmPassword: 'abc' }))).toEqual(
      {
        password: 'Password must be at least 6 characters',
      },
    );
    expect(messages(editUserSchema.safeParse({ ...valid, password: 'abcdef', confirmPassword: '' }))).toEqual(
      {
        confirmPassword: "Passwords don't match",
      },
    );
    expect(
      toUpdateUserBody(editUserSchema.parse({ ...valid, password: 'abcdef', confirmPassword: 'abcdef' })),
    ).toEqual({ username: 'martha', email: 'martha@example.com', isAdmin: false, password: 'abcdef' });
  });
});

describe('productFormSchema', () => {
  const valid = {
    name: 'Trail Cap',
    description: 'A cap',
    price: '22.5',
    category: 'Headwear',
    stock: '4',
    imageUrl: 'https://example.com/cap.png',
  };

  it('requires every field', () => {
    const result = productFormSchema.safeParse({
      name: '',
      description: '',
      price: '',
      category: '',
      stock: '',
      imageUrl: '',
    });
    expect(Object.keys(messages(result)).sort()).toEqual([
      'category',
      'description',
      'imageUrl',
      'name',
      'price',
      'stock',
    ]);
    expect(messages(result)).toMatchObject({ name: 'Name is required', price: 'Price is required' });
  });

  it('reads price as a number and stock as an integer', () => {
    expect(productFormSchema.parse(valid)).toEqual({ ...valid, price: 22.5, stock: 4 });
    expect(productFormSchema.parse({ ...valid, stock: '7.9' }).stock).toBe(7);
  });

  it('falls back to 0 for a stock that is not numeric', () => {
    expect(parseStock('abc')).toBe(0);
    expect(productFormSchema.parse({ ...valid, stock: 'abc' }).stock).toBe(0);
  });

  it('refuses more than 2 decimals and a negative price', () => {
    expect(messages(productFormSchema.safeParse({ ...valid, price: '1.999' }))).toEqual({
      price: 'Price can have at most 2 decimals',
    });
    expect(productFormSchema.safeParse({ ...valid, price: '-1' }).success).toBe(false);
  });
});

describe('manualOrderSchema', () => {
  const products = [
    {
      id: 7,
      name: 'Trail Cap',
      description: '',
      price: '22.10',
      imageUrl: null,
      category: 'Headwear',
      stock: 5,
      available: 5,
    },
  ];
  const valid = {
    userId: '2',
    productId: '7',
    quantity: '3',
    fullName: 'Martha Walker',
    street: '1 Vine St',
    city: 'Napa',
    state: 'CA',
    zipCode: '94559',
  };

  it('builds the manual order payload: pending, US, total = price x quantity', () => {
    expect(manualOrderSchema(products).parse(valid)).toEqual({
      userId: 2,
      items: [{ productId: 7, quantity: 3, price: '22.10' }],
      total: '66.30',
      shippingAddress: {
        fullName: 'Martha Walker',
        street: '1 Vine St',
        city: 'Napa',
        state: 'CA',
        zipCode: '94559',
        country: 'US',
      },
      status: 'pending',
    });
  });

  it("wants both user and product: 'Please select both user and product'", () => {
    expect(messages(manualOrderSchema(products).safeParse({ ...valid, userId: '' }))).toEqual({
      productId: 'Please select both user and product',
    });
    expect(messages(manualOrderSchema(products).safeParse({ ...valid, productId: '' }))).toEqual({
      productId: 'Please select both user and product',
    });
  });

  it("'Quantity must be at least 1'", () => {
    for (const quantity of ['0', '-2', '', '1.5']) {
      expect(messages(manualOrderSchema(products).safeParse({ ...valid, quantity }))).toEqual({
        quantity: 'Quantity must be at least 1',
      });
    }
  });

  it("'Selected product not found'", () => {
    expect(messages(manualOrderSchema([]).safeParse(valid))).toEqual({
      productId: 'Selected product not found',
    });
  });

  it('requires every shipping field', () => {
    const result = manualOrderSchema(products).safeParse({
      ...valid,
      fullName: ' ',
      street: '',
      city: '',
      state: '',
      zipCode: '',
    });
    expect(messages(result)).toEqual({
      fullName: 'Full name is required',
      street: 'Street address is required',
      city: 'City is required',
      state: 'State is required',
      zipCode: 'Zip code is required',
    });
  });
});

describe('lineTotal', () => {
  it('multiplies in cents', () => {
    expect(lineTotal('0.10', 3)).toBe('0.30');
    expect(lineTotal(19.99, 2)).toBe('39.98');
  });
});
