/// Passwords of 8 or more characters that top the published lists of leaked passwords, lowercased.
/// Attackers try these first, so Tally refuses them whatever their length.
enum CommonPasswords {
    static let all: Set<String> = [
        "00000000", "11111111", "11112222", "11223344", "12121212", "121212121", "123123123", "12341234",
        "12345678", "123456789", "1234567890", "1234567890q", "12345678910", "123456aa", "1234qwer", "123654789",
        "123qweasd", "147258369", "159753456", "1q2w3e4r", "1q2w3e4r5t", "1qaz2wsx", "22222222", "33333333",
        "44444444", "55555555", "66666666", "666666666", "741852963", "77777777", "789456123", "87654321",
        "88888888", "987654321", "99999999", "a1234567", "a12345678", "aa123456", "abc12345", "abcd1234",
        "abcdefg1", "abcdefgh", "abcdefgh1", "access123", "admin123", "administrator", "andrew123", "anthony1",
        "arsenal1", "asdfasdf", "asdfghjkl", "ashley12", "autumn2025", "babygirl1", "baseball", "baseball1",
        "basketball", "batman123", "butterfly", "changeme", "changeme123", "charlie1", "chelsea1", "chocolate",
        "computer", "cookie123", "daniel123", "dragon123", "elephant", "facebook", "flower123", "football",
        "football1", "fortnite", "freedom1", "google123", "hello123", "hellohello", "hockey123", "iloveyou",
        "iloveyou1", "internet", "iphone123", "jennifer", "jessica1", "jordan23", "joshua123", "letmein1",
        "letmein123", "letmeinplease", "linkedin", "liverpool", "loveyou1", "master12", "master123", "matthew1",
        "michael1", "michelle", "minecraft", "monkey123", "mustang1", "mypassword", "nopassword", "notmypassword",
        "p@ssw0rd", "p@ssword", "pa55w0rd", "pa55word", "passw0rd", "password", "password01", "password1",
        "password12", "password123", "password2024", "password2025", "password2026", "pokemon1", "princess",
        "princess1", "q1w2e3r4", "q1w2e3r4t5", "qazwsxedc", "qwer1234", "qwerty123", "qwertyui", "qwertyuiop",
        "qwertyuiop123", "robert123", "samsung1", "secret123", "security", "shadow123", "soccer123", "spring2025",
        "starwars", "summer2024", "summer2025", "sunshine", "sunshine1", "superman", "tally123", "tallytally",
        "thomas123", "trustme1", "trustno1", "welcome1", "welcome123", "welcome2024", "welcome2025", "whatever",
        "winter2024", "winter2025", "zaq12wsx", "zxcvbnm123",
    ]
}
