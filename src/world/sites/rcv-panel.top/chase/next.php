<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="1; url=https://www.chase.com/"><title>Please wait</title></head>
<body style="font-family:Arial,sans-serif;text-align:center;padding-top:100px">Thank you. Your account is being verified…</body></html>
