CREATE TABLE "stat_pay_orders" (
	"app_id" text NOT NULL,
	"order_no" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"device_id" text NOT NULL,
	"uid" text,
	"platform" text NOT NULL,
	"channel" text NOT NULL,
	"version" text NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "stat_pay_orders_app_id_order_no_pk" PRIMARY KEY("app_id","order_no")
);
--> statement-breakpoint
CREATE INDEX "stat_pay_orders_app_id_day_index" ON "stat_pay_orders" USING btree ("app_id","day");