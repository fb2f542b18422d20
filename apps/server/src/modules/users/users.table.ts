import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { partners } from '../partners/partners.table.js';
import { products } from '../products/products.table.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Null for accounts that only ever signed in with Google. */
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    pincode: text('pincode').notNull().default(''),
    /**
     * The account holder's own mobile, given at checkout: the gateway and receipts reach the buyer
     * on it, never on the recipient's number in a shipping address (issue 35).
     */
    phone: text('phone'),
    googleSubject: text('google_subject'),
    /** A partner's person (issue 36): they see and move that partner's orders, nothing else. */
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    /**
     * One more whenever the name, email or admin flag changes, whoever changes them (ADR 065): the
     * admin's edit form holds those three. A password, PIN code or Google link leaves it alone.
     */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One account per address however it is capitalised.
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    // The admin's user list (ADR 045, 050): each sort with the id that breaks its ties, in plain
    // ascending order so that a plain DESC reads it backwards, and a page's ids come from the index
    // alone however deep the page; by role newest first; searched by part of a name or email.
    index('users_created').on(t.createdAt, t.id),
    index('users_name').on(t.name, t.id),
    index('users_email').on(t.email, t.id),
    index('users_admin_created').on(t.isAdmin, t.createdAt, t.id),
    index('users_email_trgm').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('users_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    uniqueIndex('users_google_subject').on(t.googleSubject),
    // Sign-in by a code sent to the mobile kept on the account.
    index('users_phone').on(t.phone),
  ],
);

/**
 * Sessions live in the database so any number of servers can share them. Only a SHA-256 of the
 * token is stored: a leaked table does not let anyone sign in.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/**
 * A password reset link asked for by email: only a SHA-256 of its token is stored, so the table
 * leaks nothing usable. Valid until `expiresAt`, once: using any of an account's links spends them all.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user').on(t.userId)],
);

/**
 * One-time sign-in codes (issue 35): sent to an account's email or to the mobile kept on it, and
 * good only for signing in by that same email or mobile. Only a SHA-256 of the code with the row's
 * random id is stored. A code is spent by the sign-in it makes, and dead after its tries; asking
 * for a new one replaces the last one sent to the same place.
 */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The email in lower case, or the mobile as +91 and ten digits. */
    sentTo: text('sent_to').notNull(),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_codes_sent_to').on(t.sentTo), index('sign_in_codes_user').on(t.userId)],
);

/**
 * A signed-in shopper's address book: recipients saved at checkout, offered again next time,
 * newest use first.
 */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    address: text('address').notNull().default(''),
    address2: text('address2').notNull(),
    landmark: text('landmark').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    phone: text('phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_addresses_user').on(t.userId, t.lastUsedAt.desc())],
);

/** The products a signed-in shopper has hearted, kept with the account (merged with the browser's at sign-in). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);
