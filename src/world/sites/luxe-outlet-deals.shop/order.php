<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Order received – LUXE OUTLET</title></head>
<body style="font-family:Arial,sans-serif;max-width:560px;margin:60px auto;text-align:center">
<h1>Thank you for your order!</h1>
<p>Your order will be shipped as soon as your <strong>bank transfer or crypto payment</strong> is confirmed. Please send the payment receipt to our WhatsApp +1 (555) 013-8842 within 2 hours or the order will be cancelled.</p>
</body></html>
