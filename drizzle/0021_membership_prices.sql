ALTER TABLE "site_settings" ADD COLUMN "annual_price_cents" integer DEFAULT 5000 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "life_price_cents" integer DEFAULT 50000 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_prices_check" CHECK ("site_settings"."annual_price_cents" > 0 and "site_settings"."life_price_cents" > 0);