-- Every valid PIN code is served; Kochi (Ernakulam, PIN codes 682xxx) also gets same-day delivery.
INSERT INTO "service_areas" ("name", "pincode_prefix", "delivery_available", "same_day_delivery")
VALUES ('All India', '', true, false), ('Kochi', '682', true, true)
ON CONFLICT ("pincode_prefix") DO NOTHING;
