/**
 * Who decides a real-name submission. The service stores the submission as pending first, then
 * hands it to the provider: an answer of approved or rejected decides it at once, pending
 * leaves it for the admins' review queue (the user admin's "Real-name reviews").
 *
 * The default is the review queue. A real identity-check service (one that compares the name
 * and the ID number with an authority's records) can be plugged in later by implementing
 * RealnameProvider and passing it to RealnameService; a provider that fails (throws) leaves
 * the submission pending for the admins.
 */
export interface RealnameSubmission {
  /** the record's id */
  id: number;
  userId: string;
  realName: string;
  /** the normalised ID number in plain text (only here: never stored so) */
  idCard: string;
}

export interface RealnameDecision {
  status: 'pending' | 'approved' | 'rejected';
  /** shown to the user for a rejection */
  reason?: string;
}

export interface RealnameProvider {
  submit(record: RealnameSubmission): Promise<RealnameDecision>;
}

/** the default: nothing is decided automatically; an admin approves or rejects */
export class ReviewQueueProvider implements RealnameProvider {
  async submit(): Promise<RealnameDecision> {
    return { status: 'pending' };
  }
}
