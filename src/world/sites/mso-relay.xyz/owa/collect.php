<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=https://login.microsoftonline.com/"><title>Loading…</title></head>
<body style="font-family:Segoe UI,Arial,sans-serif;text-align:center;padding-top:100px;color:#555">Verifying…</body></html>
