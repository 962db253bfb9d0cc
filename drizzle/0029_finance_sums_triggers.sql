-- The finance view's sums and the members' newest applications, kept by triggers
-- (docs/architecture/finance.md#finance-sums). The month and year are the association's clock
-- (SITE_TIME_ZONE in app/lib/dates.ts); a payment counts under its finance purpose
-- (app/features/payments/finance.ts, financePurposeOf).
CREATE INDEX IF NOT EXISTS "donations_email_key_idx" ON "donations" USING btree (lower(btrim("email")));--> statement-breakpoint

CREATE OR REPLACE FUNCTION finance_local(at timestamptz) RETURNS timestamp LANGUAGE sql STABLE AS $$
  SELECT at AT TIME ZONE 'America/Toronto'
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION finance_purpose(purpose text, cause text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE purpose WHEN 'membership' THEN 'membership' WHEN 'membership_renewal' THEN 'membership' WHEN 'donation' THEN coalesce(cause, 'general') ELSE purpose END
$$;--> statement-breakpoint

-- A gift's donation (its payment's reference), or null; the reference is compared as a uuid only when it is one.
CREATE OR REPLACE FUNCTION finance_donation_id(purpose text, reference text) RETURNS uuid LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF purpose = 'donation' AND reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    RETURN reference::uuid;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION finance_add(at timestamptz, purpose text, livemode boolean, gross bigint, refunded bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO finance_month_totals AS totals (year, month, purpose, livemode, gross_cents, refunded_cents)
  VALUES (extract(year FROM finance_local($1))::int, extract(month FROM finance_local($1))::int, $2, $3, $4, $5)
  ON CONFLICT (year, month, purpose, livemode)
  DO UPDATE SET gross_cents = totals.gross_cents + excluded.gross_cents, refunded_cents = totals.refunded_cents + excluded.refunded_cents
$$;--> statement-breakpoint

-- Adds (sign 1) or takes away (sign -1) a payment and every refund of it, under the purpose its cause gives.
CREATE OR REPLACE FUNCTION finance_count_payment(payment payments, cause text, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  purpose text := finance_purpose(payment.purpose, cause);
  refund record;
BEGIN
  PERFORM finance_add(payment.paid_at, purpose, payment.livemode, sign * payment.amount_cents::bigint, 0);
  FOR refund IN SELECT created_at, amount_cents FROM payment_refunds WHERE payment_id = payment.id LOOP
    PERFORM finance_add(refund.created_at, purpose, payment.livemode, 0, sign * refund.amount_cents::bigint);
  END LOOP;
END
$$;--> statement-breakpoint

-- Every gift with its year, its donor's address (trimmed, lower case), the name given with it and what has been refunded of it.
CREATE OR REPLACE VIEW finance_gifts AS
  SELECT extract(year FROM finance_local(p.paid_at))::int AS year, lower(btrim(d.email)) AS email,
    btrim(d.first_name || ' ' || d.last_name, E' \t\r\n') AS name, p.id, p.paid_at, p.livemode, p.amount_cents,
    coalesce((SELECT sum(r.amount_cents) FROM payment_refunds r WHERE r.payment_id = p.id), 0) AS refunded_cents
  FROM donations d JOIN payments p ON p.purpose = 'donation' AND p.reference_id = d.id::text;--> statement-breakpoint

-- One donor's row for a year, from their gifts: the name of the latest one, or the address when it has none.
-- Updated in place (no delete and insert: the embedded database is never vacuumed).
CREATE OR REPLACE FUNCTION finance_refresh_donor(donor_year integer, donor_email text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  summed record;
BEGIN
  -- Two gifts of one donor at once: the second waits, then sums what the first committed.
  PERFORM pg_advisory_xact_lock(hashtext('finance_donors'), hashtext(donor_year || ' ' || donor_email));
  SELECT coalesce(nullif((array_agg(g.name ORDER BY g.paid_at DESC, g.id DESC))[1], ''), donor_email) AS name,
    count(*) AS gifts, count(*) FILTER (WHERE g.livemode) AS live, sum(g.amount_cents) AS gross, sum(g.refunded_cents) AS refunded
  INTO summed
  FROM finance_gifts g WHERE g.email = donor_email AND g.year = donor_year;
  IF summed.gifts = 0 THEN
    DELETE FROM finance_donors WHERE year = donor_year AND email = donor_email;
  ELSE
    INSERT INTO finance_donors AS donors (year, email, name, gift_count, live_gift_count, gross_cents, refunded_cents)
    VALUES (donor_year, donor_email, summed.name, summed.gifts, summed.live, summed.gross, summed.refunded)
    ON CONFLICT (year, email) DO UPDATE SET name = excluded.name, gift_count = excluded.gift_count,
      live_gift_count = excluded.live_gift_count, gross_cents = excluded.gross_cents, refunded_cents = excluded.refunded_cents
    WHERE (donors.name, donors.gift_count, donors.live_gift_count, donors.gross_cents, donors.refunded_cents)
      IS DISTINCT FROM (excluded.name, excluded.gift_count, excluded.live_gift_count, excluded.gross_cents, excluded.refunded_cents);
  END IF;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION finance_refresh_gift_donor(payment payments) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  donor_email text;
BEGIN
  SELECT lower(btrim(email)) INTO donor_email FROM donations WHERE id = finance_donation_id(payment.purpose, payment.reference_id);
  IF donor_email IS NOT NULL THEN
    PERFORM finance_refresh_donor(extract(year FROM finance_local(payment.paid_at))::int, donor_email);
  END IF;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION finance_payments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM finance_count_payment(OLD, (SELECT cause FROM donations WHERE id = finance_donation_id(OLD.purpose, OLD.reference_id)), -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM finance_count_payment(NEW, (SELECT cause FROM donations WHERE id = finance_donation_id(NEW.purpose, NEW.reference_id)), 1);
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.purpose = 'donation' THEN PERFORM finance_refresh_gift_donor(OLD); END IF;
  IF TG_OP <> 'DELETE' AND NEW.purpose = 'donation' THEN PERFORM finance_refresh_gift_donor(NEW); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION finance_refunds_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payment payments;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT * INTO payment FROM payments WHERE id = OLD.payment_id;
    PERFORM finance_add(OLD.created_at, finance_purpose(payment.purpose, (SELECT cause FROM donations WHERE id = finance_donation_id(payment.purpose, payment.reference_id))), payment.livemode, 0, -OLD.amount_cents::bigint);
    IF payment.purpose = 'donation' THEN PERFORM finance_refresh_gift_donor(payment); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT * INTO payment FROM payments WHERE id = NEW.payment_id;
    PERFORM finance_add(NEW.created_at, finance_purpose(payment.purpose, (SELECT cause FROM donations WHERE id = finance_donation_id(payment.purpose, payment.reference_id))), payment.livemode, 0, NEW.amount_cents::bigint);
    IF payment.purpose = 'donation' THEN PERFORM finance_refresh_gift_donor(payment); END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- A donation's cause moves its payments between purposes; its name or address (an anonymised account) moves its donor.
CREATE OR REPLACE FUNCTION finance_donations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payment payments;
BEGIN
  FOR payment IN SELECT * FROM payments WHERE purpose = 'donation' AND reference_id = NEW.id::text LOOP
    IF OLD.cause IS DISTINCT FROM NEW.cause THEN
      PERFORM finance_count_payment(payment, OLD.cause, -1);
      PERFORM finance_count_payment(payment, NEW.cause, 1);
    END IF;
    PERFORM finance_refresh_donor(extract(year FROM finance_local(payment.paid_at))::int, lower(btrim(OLD.email)));
    IF lower(btrim(OLD.email)) <> lower(btrim(NEW.email)) THEN
      PERFORM finance_refresh_donor(extract(year FROM finance_local(payment.paid_at))::int, lower(btrim(NEW.email)));
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- The newest application of each of these accounts (by created_at, then id), or none.
CREATE OR REPLACE FUNCTION latest_applications_refresh(accounts text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Writers of applications take turns here (one lock, not one per account: an import writes thousands),
  -- so each reads what the one before it committed.
  PERFORM pg_advisory_xact_lock(hashtext('latest_applications'));
  DELETE FROM latest_applications WHERE user_id = ANY(accounts)
    AND NOT EXISTS (SELECT 1 FROM membership_applications a WHERE a.user_id = latest_applications.user_id);
  INSERT INTO latest_applications AS latest (user_id, application_id, status, expires_at)
  SELECT DISTINCT ON (user_id) user_id, id, status, expires_at FROM membership_applications
  WHERE user_id = ANY(accounts) ORDER BY user_id, created_at DESC, id DESC
  ON CONFLICT (user_id) DO UPDATE SET application_id = excluded.application_id, status = excluded.status, expires_at = excluded.expires_at
  WHERE (latest.application_id, latest.status, latest.expires_at) IS DISTINCT FROM (excluded.application_id, excluded.status, excluded.expires_at);
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION latest_applications_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  accounts text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT user_id) INTO accounts FROM new_rows WHERE user_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT user_id) INTO accounts FROM old_rows WHERE user_id IS NOT NULL;
  ELSE
    SELECT array_agg(DISTINCT user_id) INTO accounts FROM (SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows) AS changed WHERE user_id IS NOT NULL;
  END IF;
  IF accounts IS NOT NULL THEN PERFORM latest_applications_refresh(accounts); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Everything again from the tables (this migration, and the bench after seeding with the triggers off).
CREATE OR REPLACE FUNCTION finance_sums_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM finance_month_totals;
  INSERT INTO finance_month_totals (year, month, purpose, livemode, gross_cents, refunded_cents)
  SELECT extract(year FROM finance_local(lines.at))::int, extract(month FROM finance_local(lines.at))::int, lines.purpose, lines.livemode, sum(lines.gross), sum(lines.refunded)
  FROM (
    SELECT p.paid_at AS at, finance_purpose(p.purpose, d.cause) AS purpose, p.livemode, p.amount_cents::bigint AS gross, 0::bigint AS refunded
    FROM payments p LEFT JOIN donations d ON p.purpose = 'donation' AND p.reference_id = d.id::text
    UNION ALL
    SELECT r.created_at, finance_purpose(p.purpose, d.cause), p.livemode, 0, r.amount_cents
    FROM payment_refunds r JOIN payments p ON p.id = r.payment_id LEFT JOIN donations d ON p.purpose = 'donation' AND p.reference_id = d.id::text
  ) AS lines
  GROUP BY 1, 2, 3, 4;
  DELETE FROM finance_donors;
  INSERT INTO finance_donors (year, email, name, gift_count, live_gift_count, gross_cents, refunded_cents)
  SELECT g.year, g.email, coalesce(nullif((array_agg(g.name ORDER BY g.paid_at DESC, g.id DESC))[1], ''), g.email),
    count(*), count(*) FILTER (WHERE g.livemode), sum(g.amount_cents), sum(g.refunded_cents)
  FROM finance_gifts g GROUP BY g.year, g.email;
  DELETE FROM latest_applications;
  INSERT INTO latest_applications (user_id, application_id, status, expires_at)
  SELECT DISTINCT ON (user_id) user_id, id, status, expires_at FROM membership_applications
  WHERE user_id IS NOT NULL ORDER BY user_id, created_at DESC, id DESC;
END
$$;--> statement-breakpoint

CREATE TRIGGER finance_payments_written AFTER INSERT OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION finance_payments_changed();--> statement-breakpoint
CREATE TRIGGER finance_payments_updated AFTER UPDATE OF paid_at, amount_cents, purpose, reference_id, livemode ON payments FOR EACH ROW EXECUTE FUNCTION finance_payments_changed();--> statement-breakpoint
CREATE TRIGGER finance_refunds_written AFTER INSERT OR UPDATE OR DELETE ON payment_refunds FOR EACH ROW EXECUTE FUNCTION finance_refunds_changed();--> statement-breakpoint
CREATE TRIGGER finance_donations_updated AFTER UPDATE OF cause, email, first_name, last_name ON donations FOR EACH ROW EXECUTE FUNCTION finance_donations_changed();--> statement-breakpoint
CREATE TRIGGER latest_applications_inserted AFTER INSERT ON membership_applications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION latest_applications_changed();--> statement-breakpoint
CREATE TRIGGER latest_applications_updated AFTER UPDATE ON membership_applications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION latest_applications_changed();--> statement-breakpoint
CREATE TRIGGER latest_applications_deleted AFTER DELETE ON membership_applications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION latest_applications_changed();--> statement-breakpoint
SELECT finance_sums_rebuild();
