import type { Identity } from '@jesus-walks/contracts/common';
import type {
  AdminRegistration,
  EmergencyDetails,
  EventQuoteBody,
  RegistrationBody,
  WaiverAcceptance,
} from '@jesus-walks/contracts/events';
import {
  type AdminWaiver,
  type AdminWaiverVersion,
  signatureMatches,
  type Waiver,
} from '@jesus-walks/contracts/waivers';
import { recordAudit } from '@jesus-walks/service-kit/audit';
import { conflict, DomainError, type ErrorIssue, notFound } from '@jesus-walks/service-kit/errors';
import type { ContentDeps, InTransaction } from '../../deps';
import {
  deleteEmergencyDetailsOf,
  deleteEmergencyDetailsOfPastWalks,
  emergencyDetailsOf,
  findCurrentWaiverVersion,
  insertWaiverSignature,
  insertWaiverVersion,
  latestSignaturesOf,
  listWaiverVersions,
  lockWaiverPublication,
  scrubSignaturesOf,
  signaturesWithTextOf,
  upsertEmergencyDetails,
  type WaiverVersionRow,
} from './waivers.repository';

/*
 * The group's waiver and what a walk asks of its walkers before it (issue 24, decision 038): the
 * waiver's versions (each published once, never changed), the signatures made when registering,
 * and the emergency contact with a note for the leader. The registrations and event-quotes modules
 * check and record them in their own transaction; the privacy module exports and erases them.
 */

type WaiverDeps = Pick<ContentDeps, 'db'>;

function toWaiver(row: WaiverVersionRow): Waiver {
  return { id: row.id, version: row.version, text: row.text, publishedAt: row.createdAt.toISOString() };
}

function toAdminVersion(row: WaiverVersionRow & { signatures: number }): AdminWaiverVersion {
  return { ...toWaiver(row), publishedBy: row.createdByUsername, signatures: row.signatures };
}

// ---------------------------------------------------------------------------------------------
// The versions

/** GET /api/waiver: the current version, as the registration form shows it (404 before the first). */
export async function currentWaiver(deps: WaiverDeps): Promise<Waiver> {
  const row = await findCurrentWaiverVersion(deps.db);
  if (!row) throw notFound('No waiver has been published yet');
  return toWaiver(row);
}

/** Whether a version has been published (a walk can only require the waiver once one is). */
export async function hasPublishedWaiver(deps: WaiverDeps): Promise<boolean> {
  return (await findCurrentWaiverVersion(deps.db)) !== undefined;
}

/** GET /api/admin/waiver */
export async function adminWaiver(deps: WaiverDeps): Promise<AdminWaiver> {
  const versions = (await listWaiverVersions(deps.db)).map(toAdminVersion);
  return { current: versions[0] ?? null, versions };
}

/**
 * POST /api/admin/waiver: a new version, numbered after the last, recorded in the activity record
 * in the same transaction. Older versions are never touched: their signatures keep their text.
 * Registrations that sign from now on must accept this one.
 */
export async function publishWaiverVersion(
  deps: WaiverDeps,
  input: { text: string; actor: Identity },
): Promise<AdminWaiverVersion> {
  return deps.db.transaction().execute(async (trx) => {
    await lockWaiverPublication(trx);
    const previous = await findCurrentWaiverVersion(trx);
    const row = await insertWaiverVersion(trx, {
      text: input.text,
      createdById: input.actor.id,
      createdByUsername: input.actor.username,
    });
    await recordAudit(trx, {
      actor: input.actor,
      action: 'waiver.published',
      target: { type: 'waiver', id: row.id, label: `Waiver, version ${row.version}` },
      summary: previous
        ? `Published version ${row.version} of the waiver (version ${previous.version} and its signatures are kept). Walks that require the waiver ask for this one from now on.`
        : 'Published the first version of the waiver.',
      changes: {
        version: { from: previous?.version ?? null, to: row.version },
        text: { from: previous?.text ?? null, to: row.text },
      },
    });
    return toAdminVersion({ ...row, signatures: 0 });
  });
}

// ---------------------------------------------------------------------------------------------
// Before the walk: what a registration gives, checked and recorded

/** What a walk asks of its walkers before it. */
export interface WalkRequirements {
  waiverRequired: boolean;
  askEmergencyContact: boolean;
}

/** What a registration (or a checkout's held seat) gave for its walk's requirements. */
export interface WalkFormsInput {
  /** The full name given in the same form: a guest's name, the name a member or payer typed. */
  fullName: string | undefined;
  waiver: WaiverAcceptance | undefined;
  emergency: EmergencyDetails | undefined;
  /** Where the signature came from: the client's address, and its browser when known. */
  signedFrom: { address: string | null; userAgent: string | null };
}

/** What recordWalkForms writes: only what the walk asks for. */
export interface CheckedWalkForms {
  signature: { waiverVersionId: number; signedName: string } | null;
  emergency: { contactName: string; contactPhone: string; leaderNote: string | null } | null;
  signedFrom: WalkFormsInput['signedFrom'];
}

function invalid(message: string, issues: ErrorIssue[]): DomainError {
  return new DomainError('validation_failed', message, issues);
}

/**
 * Checks what a registration gave against its walk's requirements, in the registration's
 * transaction (before its seat is decided). A walk that requires the waiver needs its current
 * version accepted with the full name given in the form (case and spaces aside): none, or another
 * name, is a 400 naming the field; an older version than the current one is a 409 (the waiver
 * changed since the form was opened). A walk that asks for an emergency contact needs its name
 * and phone (the note is optional). What the walk does not ask for is not kept.
 */
export async function checkWalkForms(
  deps: InTransaction,
  walk: WalkRequirements,
  input: WalkFormsInput,
): Promise<CheckedWalkForms> {
  let signature: CheckedWalkForms['signature'] = null;
  if (walk.waiverRequired) {
    if (!input.waiver) {
      throw invalid('Please read the waiver and type your full name to accept it.', [
        { path: ['body', 'waiver', 'signedName'], message: 'Type your full name to accept the waiver' },
      ]);
    }
    if (!input.fullName?.trim()) {
      throw invalid('Please give your full name: it is the name you sign the waiver with.', [
        { path: ['body', 'name'], message: 'Please enter your full name' },
      ]);
    }
    if (!signatureMatches(input.waiver.signedName, input.fullName)) {
      throw invalid('The name typed to accept the waiver must be your full name as given in the form.', [
        {
          path: ['body', 'waiver', 'signedName'],
          message: `Type your full name exactly as given above (${input.fullName.trim()})`,
        },
      ]);
    }
    const current = await findCurrentWaiverVersion(deps.db);
    if (!current) {
      // A walk can only require a published waiver (events.service checks): this is a safeguard.
      throw conflict('The waiver for this walk is not available yet. Please try again later.');
    }
    if (input.waiver.versionId !== current.id) {
      throw new DomainError(
        'waiver_changed',
        `The waiver was updated (it is now version ${current.version}) since you opened this page. Please read the current waiver and accept it again.`,
      );
    }
    signature = { waiverVersionId: current.id, signedName: input.waiver.signedName.trim() };
  }
  let emergency: CheckedWalkForms['emergency'] = null;
  if (walk.askEmergencyContact) {
    if (!input.emergency) {
      throw invalid('Please give an emergency contact for this walk: their name and phone number.', [
        {
          path: ['body', 'emergency', 'contactName'],
          message: 'Please enter the name of your emergency contact',
        },
        {
          path: ['body', 'emergency', 'contactPhone'],
          message: "Please enter your emergency contact's phone number",
        },
      ]);
    }
    emergency = {
      contactName: input.emergency.contactName,
      contactPhone: input.emergency.contactPhone,
      leaderNote: input.emergency.leaderNote?.trim() || null,
    };
  }
  return { signature, emergency, signedFrom: input.signedFrom };
}

/** The registration body's forms (POST /api/events/:id/registrations). */
export function walkFormsOfRegistration(
  body: RegistrationBody,
  signedFrom: WalkFormsInput['signedFrom'],
): WalkFormsInput {
  return { fullName: body.name, waiver: body.waiver, emergency: body.emergency, signedFrom };
}

/** A checkout's forms, as payments passes them with the quote (POST /internal/event-quotes). */
export function walkFormsOfQuote(body: EventQuoteBody): WalkFormsInput {
  return {
    fullName: body.fullName ?? ('name' in body.buyer ? body.buyer.name : undefined),
    waiver: body.waiver,
    emergency: body.emergency,
    signedFrom: { address: body.holder.address, userAgent: body.userAgent ?? null },
  };
}

/**
 * Records what checkWalkForms kept, for the registration, in its transaction: a new signature
 * (every acceptance is kept), and the emergency details replacing any given before.
 */
export async function recordWalkForms(
  deps: InTransaction,
  registrationId: number,
  checked: CheckedWalkForms,
): Promise<void> {
  if (checked.signature) {
    await insertWaiverSignature(deps.db, {
      registrationId,
      waiverVersionId: checked.signature.waiverVersionId,
      signedName: checked.signature.signedName,
      ipAddress: checked.signedFrom.address,
      userAgent: checked.signedFrom.userAgent?.slice(0, 500) ?? null,
    });
  }
  if (checked.emergency) await upsertEmergencyDetails(deps.db, { registrationId, ...checked.emergency });
}

// ---------------------------------------------------------------------------------------------
// Reading them: admins and leaders only

export type RegistrationWalkForms = Pick<AdminRegistration, 'waiver' | 'emergency'>;

/**
 * The waiver accepted (the latest signature) and the emergency details of each registration, for
 * the admin's list and CSV and a leader's check-in list. Never for a public read.
 */
export async function walkFormsOf(
  deps: WaiverDeps,
  registrationIds: readonly number[],
): Promise<Map<number, RegistrationWalkForms>> {
  const [signatures, details] = await Promise.all([
    latestSignaturesOf(deps.db, registrationIds),
    emergencyDetailsOf(deps.db, registrationIds),
  ]);
  const forms = new Map<number, RegistrationWalkForms>(
    registrationIds.map((id) => [id, { waiver: null, emergency: null }]),
  );
  for (const row of signatures) {
    const entry = forms.get(row.registrationId);
    if (entry) {
      entry.waiver = {
        version: row.version,
        signedName: row.signedName,
        signedAt: row.signedAt.toISOString(),
      };
    }
  }
  for (const row of details) {
    const entry = forms.get(row.registrationId);
    if (entry) {
      entry.emergency = {
        contactName: row.contactName,
        contactPhone: row.contactPhone,
        leaderNote: row.leaderNote,
      };
    }
  }
  return forms;
}

/** A registration's emergency contact and note for the leader, for the walk's leaders. */
export interface EmergencyDetailsEntry {
  registrationId: number;
  contactName: string;
  contactPhone: string;
  leaderNote: string | null;
}

/**
 * The emergency details of these registrations (a walk's registrations, from the registrations
 * module), for whoever leads the walk: the check-in list shows them. Admins and leaders only.
 */
export async function emergencyDetailsFor(
  deps: WaiverDeps,
  registrationIds: readonly number[],
): Promise<EmergencyDetailsEntry[]> {
  return (await emergencyDetailsOf(deps.db, registrationIds)).map((row) => ({
    registrationId: row.registrationId,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    leaderNote: row.leaderNote,
  }));
}

// ---------------------------------------------------------------------------------------------
// A member's data (the privacy module)

/** Their signatures (with the text they accepted) and emergency details, for their download. */
export async function walkFormsForExport(deps: WaiverDeps, registrationIds: readonly number[]) {
  const [signatures, details] = await Promise.all([
    signaturesWithTextOf(deps.db, registrationIds),
    emergencyDetailsOf(deps.db, registrationIds),
  ]);
  return {
    waiverSignatures: signatures.map((row) => ({
      registrationId: row.registrationId,
      waiverVersion: row.version,
      waiverText: row.text,
      signedName: row.signedName,
      signedAt: row.signedAt.toISOString(),
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
    })),
    emergencyContacts: details.map((row) => ({
      registrationId: row.registrationId,
      contactName: row.contactName,
      contactPhone: row.contactPhone,
      noteForTheLeader: row.leaderNote,
      givenAt: row.updatedAt.toISOString(),
    })),
  };
}

/**
 * How long after a walk its walkers' emergency contacts and notes for the leader are kept: long
 * enough for whatever happened on the day to be followed up, no longer (the privacy page says so).
 */
export const EMERGENCY_DETAILS_RETENTION_DAYS = 30;

/** The daily clean-up: emergency details of walks more than EMERGENCY_DETAILS_RETENTION_DAYS past. */
export async function forgetPastEmergencyDetails(deps: WaiverDeps, now = new Date()): Promise<number> {
  return deleteEmergencyDetailsOfPastWalks(deps.db, now, EMERGENCY_DETAILS_RETENTION_DAYS);
}

/**
 * Erases them with the account, in the erasure's transaction: the emergency details go; each
 * signature keeps its fact (version, when) without the name, address and browser.
 */
export async function eraseWalkFormsOf(
  deps: InTransaction,
  registrationIds: readonly number[],
): Promise<{ emergencyContacts: number; waiverSignatures: number }> {
  return {
    emergencyContacts: await deleteEmergencyDetailsOf(deps.db, registrationIds),
    waiverSignatures: await scrubSignaturesOf(deps.db, registrationIds),
  };
}
